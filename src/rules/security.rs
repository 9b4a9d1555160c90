//! Secure structures, cities and the mole drop (RULES §7).

use std::fmt;

use serde::Serialize;

use super::movegen::step;
use super::{
    Bitboard, BySide, Fortress, KingPower, MoleCondition, Opening, Outcome, Position, Side,
};

/// What RULES §7 says about a position, for both sides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// Trapped men of both sides (RULES §3).
    pub trapped: Bitboard,
    /// Functional men of each side.
    pub functional: BySide<Bitboard>,
    /// Secure men of each side.
    pub secure: BySide<Bitboard>,
    /// The cells of each side's cities.
    pub cities: BySide<Bitboard>,
    /// Whether the side to move may make the rules' fortress move (a mole drop, a knight's
    /// leap or a reposition, RULES §7, §10.2).
    pub mole_available: bool,
    /// Which fortress move the rules have: `mole`, `knight`, `reposition`, or `no-hiding`
    /// (none; ordinary moves must leave a man insecure instead).
    pub fortress: Fortress,
    /// The game's result on this position alone.
    pub outcome: Option<Outcome>,
}

/// Why the side to move may not make a mole drop (or the rules' other fortress move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoMoleDrop {
    /// The side to move must drop its king (or, in the drop opening, its men) first.
    DropPhase(Side),
    /// The rules have no fortress move (`fortress=no-hiding`).
    NoHiding,
    /// A man of the enemy (`side`) is not secure.
    Insecure { side: Side, cell: super::Cell },
    /// The enemy (`side`) has no city.
    NoCity(Side),
}

impl fmt::Display for NoMoleDrop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoMoleDrop::DropPhase(side) => write!(f, "{side} must drop its men first"),
            NoMoleDrop::NoHiding => f.write_str("the rules have none (fortress=no-hiding)"),
            NoMoleDrop::Insecure { side, cell } => {
                write!(f, "{side}'s man on {cell} is not secure")
            }
            NoMoleDrop::NoCity(side) => write!(f, "{side} has no city"),
        }
    }
}

impl Position {
    /// Destinations of `side`'s single moves and the men that can make one.
    pub fn single_reach(&self, side: Side) -> (Bitboard, Bitboard) {
        let empty = self.empty();
        let movers = self.men(side) - self.trapped(side);
        let (sliders, steppers) = match self.rules().king_power {
            KingPower::OneStep => (movers - self.kings(), movers & self.kings()),
            KingPower::Rook => (movers, Bitboard::EMPTY),
        };
        let mut dest = steppers.neighbours() & empty;
        for dir in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let mut ray = step(sliders, dir) & empty;
            while ray.any() {
                dest |= ray;
                ray = step(ray, dir) & empty;
            }
        }
        (dest, movers & empty.neighbours())
    }

    /// Destinations of all of `side`'s single and tandem moves, as if it were to move, and
    /// its functional men: those that take part in at least one such move.
    fn reach(&self, side: Side) -> (Bitboard, Bitboard) {
        let (mut dest, mut functional) = self.single_reach(side);
        self.for_each_tandem(side, |from, to| {
            dest |= to.cells();
            functional |= from.cells();
        });
        (dest, functional)
    }

    /// Functional men of `side` (RULES §7).
    pub fn functional(&self, side: Side) -> Bitboard {
        self.reach(side).1
    }

    /// Empty cells lying in regions accessible to `side`.
    pub fn accessible(&self, side: Side) -> Bitboard {
        let empty = self.empty();
        Bitboard::flood(self.reach(side).0 & empty, empty)
    }

    /// The cells of every city of `side`: regions not accessible to the enemy that touch
    /// a man of `side`.
    pub fn cities(&self, side: Side) -> Bitboard {
        let empty = self.empty();
        let free = empty - self.accessible(!side);
        Bitboard::flood(free & self.men(side).neighbours(), free)
    }

    /// Each city of `side` separately.
    pub fn city_list(&self, side: Side) -> Vec<Bitboard> {
        split_regions(self.cities(side))
    }

    /// The secure men of `side`: the fixed point of RULES §7.
    pub fn secure(&self, side: Side) -> Bitboard {
        let mut vulnerable = Bitboard::EMPTY;
        loop {
            let pos = self.without(vulnerable);
            let (dest, functional) = pos.reach(!side);
            let empty = pos.empty();
            let accessible = Bitboard::flood(dest & empty, empty);
            let found = pos.vulnerable(side, accessible, functional);
            if found.is_empty() {
                return self.men(side) - vulnerable;
            }
            vulnerable |= found;
        }
    }

    /// Secure men of `side` that are not in the wall of one of its cities.
    pub fn redoubts(&self, side: Side) -> Bitboard {
        self.secure(side) - self.cities(side).neighbours()
    }

    /// One round of RULES §7: the men of `side` found vulnerable, given the empty cells
    /// accessible to the enemy and the enemy's functional men. Each condition is a set of
    /// cells, so the round is a handful of mask operations.
    fn vulnerable(&self, side: Side, accessible: Bitboard, functional: Bitboard) -> Bitboard {
        let men = self.men(side);
        let enemy = self.men(!side);
        let empty = self.empty();
        let touches_empty = empty.neighbours();
        // (a) some empty neighbour, all of them accessible, empties + enemies >= 2.
        let open = men
            & touches_empty
            & !(empty - accessible).neighbours()
            & (empty | enemy).two_neighbours();
        // (b) no empty neighbour, two enemy neighbours, one of them functional.
        let closed = (men - touches_empty) & enemy.two_neighbours() & functional.neighbours();
        open | closed
    }

    /// The cells the side to move may mole-drop into, or why it may not (RULES §7).
    pub fn mole_drop_cells(&self) -> Result<Bitboard, NoMoleDrop> {
        self.fortress_cells_by(false)
    }

    /// [`Position::mole_drop_cells`] without the reason when there are none, so the
    /// cheapest refusal comes first: most positions have no city even for single moves
    /// alone, which settles them before any security test.
    pub(crate) fn fortress_cells(&self) -> Option<Bitboard> {
        self.fortress_cells_by(true).ok()
    }

    /// Whether `empty` is one region next to an untrapped man of `side` (which can then
    /// step onto it: a single move of one cell is always legal for an untrapped man,
    /// short of no-hiding, which has no fortress move).
    fn one_region_reached(&self, side: Side, empty: Bitboard) -> bool {
        let Some(seed) = empty.first() else {
            return false;
        };
        let movers = self.men(side) - self.trapped(side);
        (movers.neighbours() & empty).any()
            && Bitboard::flood(Bitboard::from_cell(seed), empty) == empty
    }

    /// The mole drop's cells; with `cities_first` the single moves' cities are tested
    /// before their security (the reason given may then differ, the cells never do).
    fn fortress_cells_by(&self, cities_first: bool) -> Result<Bitboard, NoMoleDrop> {
        let me = self.turn();
        let them = !me;
        if self.rules().fortress == Fortress::NoHiding {
            return Err(NoMoleDrop::NoHiding);
        }
        if self.is_drop_phase() {
            return Err(NoMoleDrop::DropPhase(me));
        }
        let need_secure = self.rules().mole_condition == MoleCondition::SecureAndCity;
        let empty = self.empty();
        let not_secure = |weak: Bitboard| match weak.first() {
            Some(cell) => Err(NoMoleDrop::Insecure { side: them, cell }),
            None => Ok(()),
        };
        // Cheapest first: when the empty cells are all one region and some man of the
        // mover can step into it, that region is accessible and no city is left (a city
        // is an empty region the mover cannot reach). Not when the reason must name an
        // insecure man before a missing city.
        if (cities_first || !need_secure) && self.one_region_reached(me, empty) {
            return Err(NoMoleDrop::NoCity(them));
        }
        // Single moves alone already reach a subset of what all moves reach: a cheap
        // first look that settles almost every position.
        let (dest, functional) = self.single_reach(me);
        let accessible = Bitboard::flood(dest & empty, empty);
        let no_city = ((empty - accessible) & self.men(them).neighbours()).is_empty();
        if cities_first && no_city {
            return Err(NoMoleDrop::NoCity(them));
        }
        if need_secure {
            not_secure(self.vulnerable(them, accessible, functional))?;
        }
        if no_city {
            return Err(NoMoleDrop::NoCity(them));
        }
        let (dest, functional) = self.reach(me);
        let accessible = Bitboard::flood(dest & empty, empty);
        if need_secure {
            not_secure(self.vulnerable(them, accessible, functional))?;
        }
        let free = empty - accessible;
        let cities = Bitboard::flood(free & self.men(them).neighbours(), free);
        if cities.is_empty() {
            return Err(NoMoleDrop::NoCity(them));
        }
        Ok(cities)
    }

    /// Everything RULES §7 computes about the position. In the drop opening's drop phase
    /// security and cities are not computed (RULES §10.3): none are listed.
    pub fn analyze(&self) -> Analysis {
        let dropping = self.rules().opening == Opening::Drops && self.is_drop_phase();
        let unless_dropping = |f: &dyn Fn(Side) -> Bitboard| {
            BySide::from_fn(|s| if dropping { Bitboard::EMPTY } else { f(s) })
        };
        Analysis {
            trapped: self.trapped(Side::Black) | self.trapped(Side::White),
            functional: BySide::from_fn(|s| self.functional(s)),
            secure: unless_dropping(&|s| self.secure(s)),
            cities: unless_dropping(&|s| self.cities(s)),
            mole_available: self.mole_available(),
            fortress: self.rules().fortress,
            outcome: self.outcome(),
        }
    }
}

fn split_regions(mut cells: Bitboard) -> Vec<Bitboard> {
    let mut regions = Vec::new();
    while let Some(seed) = cells.first() {
        let region = Bitboard::flood(Bitboard::from_cell(seed), cells);
        cells = cells - region;
        regions.push(region);
    }
    regions
}
