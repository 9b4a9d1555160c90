//! The study in the shared panel: the evaluation bar, the analysis, the review with its
//! graph, the practice, and the engine's line drawn on the board.

use super::*;
use crate::common::analysis::Candidate;

/// Black's share of the bar and the words under it, for the side to move's win chance.
fn bar_split(analysis: &Analysis, to_move: Side) -> f32 {
    let black = if to_move == Side::Black {
        analysis.win
    } else {
        1.0 - analysis.win
    };
    black.clamp(0.0, 1.0) as f32
}

/// The evaluation bar: Black's share dark from the left, White's light, the middle marked.
fn eval_bar(ui: &mut egui::Ui, black: f32) -> egui::Response {
    let width = ui.available_width();
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, 12.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4.0, egui::Color32::from_gray(235));
    let split = rect.left() + rect.width() * black;
    let dark = egui::Rect::from_min_max(rect.min, egui::pos2(split, rect.max.y));
    // Rounded only where it meets the bar's own ends (a narrow share is a plain strip).
    let radius = if dark.width() < 8.0 { 0.0 } else { 4.0 };
    painter.rect_filled(dark, radius, egui::Color32::from_gray(30));
    // The bar's outline: Black's dark share would melt into the dark panel without it.
    painter.rect_stroke(
        rect.shrink(0.5),
        4.0,
        egui::Stroke::new(1.0, egui::Color32::from_gray(150)),
        egui::StrokeKind::Inside,
    );
    painter.line_segment(
        [
            egui::pos2(rect.center().x, rect.top()),
            egui::pos2(rect.center().x, rect.bottom()),
        ],
        egui::Stroke::new(1.0, palette::GOLD),
    );
    response
}

/// The analysis board's part of the panel: the bar, the depth, the best moves.
pub fn analysis_section(
    ui: &mut egui::Ui,
    board: &AnalysisBoard,
    source: &Source,
    to_move: Side,
    hidden: bool,
) -> Option<StudyClick> {
    if !board.is_on(source) {
        return None;
    }
    if hidden {
        ui.label(
            egui::RichText::new("Analysis hidden while you learn from this mistake: the numbers below are the review's")
                .weak()
                .italics(),
        );
        return None;
    }
    let found = board.current(source);
    let open = section(ui, "Analysis", |ui| {
        analysis_heading(ui, board, found.map(|f| &f.analysis), to_move);
    });
    if !open {
        preview(ui.ctx(), source.spot(), None);
        return None;
    }
    let Some(found) = found else {
        if let Some((_, e)) = board.error.as_ref().filter(|(at, _)| *at == source.spot()) {
            ui.label(egui::RichText::new(e).color(palette::WARN).small());
        } else {
            ui.label(
                egui::RichText::new("the engine is looking…")
                    .weak()
                    .italics(),
            );
        }
        return None;
    };
    let a = &found.analysis;
    eval_bar(ui, bar_split(a, to_move)).on_hover_text(
        "Black's win chance by the engine (dark, from the left) and White's (light)",
    );
    // The columns line up (the moves' texts differ in length).
    let width = a
        .best
        .iter()
        .map(|c| c.mv.chars().count())
        .max()
        .unwrap_or(0);
    // A move of a line is tried on the board (a side line) where moves are tried: a
    // past position, or a finished game. The live game's are only previewed.
    let tryable = source.tries_moves();
    let (hovered, clicked) = candidate_rows(ui, &a.best, width, tryable);
    preview(ui.ctx(), source.spot(), hovered);
    clicked
}

/// The heading's line of the analysis: who is ahead and by how much, and how deep the
/// engine has looked (an ellipsis while it looks).
fn analysis_heading(
    ui: &mut egui::Ui,
    board: &AnalysisBoard,
    found: Option<&Analysis>,
    to_move: Side,
) {
    if let Some(a) = found {
        let lead = a.lead.map_or(String::new(), |l| format!(" {l:+.1}"));
        // A finished game's bar is all one side's: its words say whose (a full dark
        // bar read as an even one).
        let words = if a.over {
            if a.win >= 1.0 {
                format!("over: {to_move} won")
            } else if a.win <= 0.0 {
                format!("over: {} won", !to_move)
            } else {
                "over: drawn".to_string()
            }
        } else {
            format!("{to_move} {:.0}%{lead}", a.win * 100.0)
        };
        ui.label(egui::RichText::new(words).color(palette::GOLD));
        let mut depth = if a.over {
            String::new()
        } else if a.lead.is_some() {
            format!("{} playouts", a.work)
        } else {
            format!("depth {}", a.depth)
        };
        let mut tip = format!("{} nodes or playouts searched", a.work);
        if board.is_thinking() {
            depth.push_str(" …");
            tip.push_str("; the engine is deepening its analysis");
        }
        // Cut short rather than wider than the panel (a row wider than the panel
        // shifted the whole panel for as long as it lasted).
        ui.add(egui::Label::new(egui::RichText::new(depth).small().weak()).truncate())
            .on_hover_text(tip);
    } else if board.is_thinking() {
        ui.label(egui::RichText::new("…").weak())
            .on_hover_text("The engine is deepening its analysis");
    }
}

/// The engine's best moves, a row each with its line; the row pointed at and the
/// line's move clicked (when lines can be tried).
fn candidate_rows(
    ui: &mut egui::Ui,
    best: &[Candidate],
    width: usize,
    tryable: bool,
) -> (Option<usize>, Option<StudyClick>) {
    let mut hovered = None;
    let mut clicked = None;
    for (i, c) in best.iter().enumerate() {
        // Unnumbered: the numbers on the board are the drawn line's moves in order. The
        // best move stands out; its line is drawn unless another row is pointed at.
        let text = format!("{:<width$}  {:>3.0}%  {}", c.mv, c.win * 100.0, c.score);
        let mut text = egui::RichText::new(text).monospace();
        if i == 0 {
            text = text.color(palette::GOLD);
        }
        let what = if i == 0 {
            "The engine's best move and its line"
        } else {
            "Another good move and its line"
        };
        let how = if tryable {
            "Point at it to see it on the board; click a move to play the line up to it."
        } else {
            "Point at it to see it on the board. Lines are played out on a past position or \
             a finished game."
        };
        let hover = format!("{what}: {}. {how}", c.line.join(" "));
        let row = ui.horizontal(|ui| {
            // Cut short rather than wider than the panel (Go's "Black ahead by 5.8
            // points" pushed the panel past the window at 900 × 700); the tip says it all.
            let first = ui
                .add(
                    egui::Label::new(text)
                        .sense(egui::Sense::click())
                        .truncate(),
                )
                .on_hover_text(&hover);
            if tryable && first.clicked() {
                clicked = Some(StudyClick::Line(i, 1));
            }
            if let Some(n) = line_moves(ui, &c.line, tryable) {
                clicked = Some(StudyClick::Line(i, n));
            }
        });
        if row.response.contains_pointer() {
            hovered = Some(i);
        }
    }
    (hovered, clicked)
}

/// The moves after a candidate's first, each its own small label while they fit on the
/// row (none is cut: a row wider than the panel shifted the whole panel); the number of
/// the line's moves up to the one clicked.
fn line_moves(ui: &mut egui::Ui, line: &[String], tryable: bool) -> Option<usize> {
    let mut clicked = None;
    for (j, mv) in line.iter().enumerate().skip(1).take(5) {
        let text = egui::RichText::new(mv).small().weak();
        let galley = egui::WidgetText::from(text).into_galley(
            ui,
            Some(egui::TextWrapMode::Extend),
            f32::INFINITY,
            egui::TextStyle::Small,
        );
        if galley.size().x > ui.available_width() {
            break;
        }
        let sense = if tryable {
            egui::Sense::click()
        } else {
            egui::Sense::hover()
        };
        let label = ui.add(egui::Label::new(galley).sense(sense));
        if tryable && label.clicked() {
            clicked = Some(j + 1);
        }
    }
    clicked
}

/// Which candidate's line the pointer is on, for the board to draw instead of the best
/// one: kept in egui's memory for the position shown, a frame asked for when it changes
/// (the board is drawn before the panel in a frame).
fn preview(ctx: &egui::Context, spot: Spot, hovered: Option<usize>) {
    let id = preview_id();
    let pass = ctx.cumulative_pass_nr();
    let before = ctx.data(|d| d.get_temp::<(Spot, usize, u64)>(id));
    let now = hovered.map(|i| (spot, i));
    if before.map(|(s, i, _)| (s, i)) != now {
        ctx.request_repaint();
    }
    ctx.data_mut(|d| match now {
        Some((spot, i)) => {
            d.insert_temp(id, (spot, i, pass));
        }
        None => d.remove::<(Spot, usize, u64)>(id),
    });
}

/// Where [`preview`] keeps the candidate pointed at, with the position and the frame.
fn preview_id() -> egui::Id {
    egui::Id::new("study line preview")
}

/// The candidate whose line the pointer is on, in the position shown: as the panel drew
/// it in this frame or the one before (a panel no longer drawn — its section gone, the
/// small window's drawer shut — previews nothing).
fn previewed(ctx: &egui::Context, spot: Spot) -> Option<usize> {
    let pass = ctx.cumulative_pass_nr();
    ctx.data(|d| d.get_temp::<(Spot, usize, u64)>(preview_id()))
        .filter(|&(at, _, drawn)| at == spot && drawn + 1 >= pass)
        .map(|(_, i, _)| i)
}

/// A study section's header, which folds the section: the toggle, the title (a click on
/// it folds too) and what `header` adds (the figures that stay in sight when folded).
/// Returns whether the section is open.
fn section(ui: &mut egui::Ui, title: &str, header: impl FnOnce(&mut egui::Ui)) -> bool {
    let id = ui.make_persistent_id(("study section", title));
    let mut state =
        egui::collapsing_header::CollapsingState::load_with_default_open(ui.ctx(), id, true);
    let open = state.is_open();
    ui.horizontal(|ui| {
        state.show_toggle_button(ui, egui::collapsing_header::paint_default_icon);
        let tip = if open { "Fold" } else { "Unfold" };
        let name =
            egui::Label::new(egui::RichText::new(title).strong()).sense(egui::Sense::click());
        if ui.add(name).on_hover_text(tip).clicked() {
            state.toggle(ui);
        }
        header(ui);
    });
    state.store(ui.ctx());
    state.is_open()
}

/// The review's part of the panel: its progress, or the graph (a click asks for that
/// move) with each side's accuracy and counts. Returns the move count asked for.
pub fn review_section(ui: &mut egui::Ui, state: &GameReview, source: &Source) -> Option<usize> {
    if review_under_way(ui, state, source) {
        return None;
    }
    let review = state.of(source)?;
    let accuracy =
        |side: Side| review.accuracy[side].map_or("–".to_string(), |a| format!("{a:.0}%"));
    // The sides' accuracy by colour, short enough for the header's row (the players'
    // names, "You (Black)", are on the counts' lines below; with them the row was cut to
    // "White …" in a 300-point panel).
    let open = section(ui, "Review", |ui| {
        let text = format!(
            "accuracy {} {} · {} {}",
            Side::Black,
            accuracy(Side::Black),
            Side::White,
            accuracy(Side::White)
        );
        let tip = format!(
            "Accuracy: {} {} · {} {}",
            player(source, Side::Black),
            accuracy(Side::Black),
            player(source, Side::White),
            accuracy(Side::White)
        );
        ui.add(egui::Label::new(egui::RichText::new(text).small().weak()).truncate())
            .on_hover_text(tip);
    });
    if !open {
        return None;
    }
    let asked = review_graph(ui, review, source.shown);
    review_counts(ui, review, source);
    // Not while the practice speaks of a mistake of its own.
    if state.practice.current(source).is_none() {
        shown_judgement(ui, review, source.shown);
    }
    asked
}

/// A review of this game running (its progress) or failed (why); whether it was either.
fn review_under_way(ui: &mut egui::Ui, state: &GameReview, source: &Source) -> bool {
    if let Some((done, total)) = state.progress(source) {
        ui.label(egui::RichText::new("Reviewing the game…").strong());
        let bar = ui.add(
            egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                .text(format!("{done} of {total} positions")),
        );
        // Brought into sight once, when the review starts: in a small window's drawer
        // it would be below the fold, and ▤ would seem to do nothing.
        let seen = egui::Id::new(("review progress seen", source.key));
        if ui.data(|d| d.get_temp::<bool>(seen)).is_none() {
            ui.data_mut(|d| d.insert_temp(seen, true));
            bar.scroll_to_me(None);
        }
        return true;
    }
    if let (Some(e), true) = (&state.error, state.key == Some(source.key)) {
        ui.label(egui::RichText::new(format!("The review failed: {e}")).color(palette::WARN));
        return true;
    }
    false
}

/// The evaluation graph: Black's win chance through the game, the judged moves as dots,
/// the shown position as a line; the position after the move clicked.
fn review_graph(ui: &mut egui::Ui, review: &Review, shown: usize) -> Option<usize> {
    let mut asked = None;
    let width = ui.available_width();
    // Tall enough to read a swing and to click a dot, in a narrow panel too.
    let height = (width * 0.25).clamp(56.0, 96.0);
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::click());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 3.0, egui::Color32::from_gray(235));
    let n = review.black_wins.len().max(2) - 1;
    let x = |i: usize| rect.left() + rect.width() * i as f32 / n as f32;
    let y = |w: f64| rect.bottom() - rect.height() * w as f32;
    // Black's chance from below, dark, one slice a move (each a pixel wider than its
    // share, so that no seam shows between them).
    for (i, pair) in review.black_wins.windows(2).enumerate() {
        let right = x(i + 1) + 1.0;
        painter.add(egui::Shape::convex_polygon(
            vec![
                egui::pos2(x(i), y(pair[0])),
                egui::pos2(right, y(pair[1])),
                egui::pos2(right, rect.bottom()),
                egui::pos2(x(i), rect.bottom()),
            ],
            egui::Color32::from_gray(40),
            egui::Stroke::NONE,
        ));
    }
    painter.line_segment(
        [
            egui::pos2(rect.left(), rect.center().y),
            egui::pos2(rect.right(), rect.center().y),
        ],
        egui::Stroke::new(1.0, palette::GOLD.gamma_multiply(0.6)),
    );
    for m in &review.moves {
        if let Some(class) = m.class {
            let colour = match class {
                crate::study::Class::Inaccuracy => egui::Color32::from_rgb(230, 190, 60),
                crate::study::Class::Mistake => egui::Color32::from_rgb(230, 130, 40),
                crate::study::Class::Blunder => egui::Color32::from_rgb(210, 50, 40),
            };
            // Whole even at 0 % or 100 %.
            let top_bottom = (rect.top() + 3.0, rect.bottom() - 3.0);
            let dot_y = y(review.black_wins[m.ply + 1]).clamp(top_bottom.0, top_bottom.1);
            painter.circle_filled(egui::pos2(x(m.ply + 1), dot_y), 3.0, colour);
        }
    }
    let shown = egui::pos2(x(shown.min(n)), rect.top());
    painter.line_segment(
        [shown, egui::pos2(shown.x, rect.bottom())],
        egui::Stroke::new(1.5, palette::HINT),
    );
    if let Some(at) = response.interact_pointer_pos()
        && response.clicked()
    {
        let i = (((at.x - rect.left()) / rect.width()) * n as f32).round() as usize;
        // A click near a judged move's dot is for that move: with a hundred positions
        // they stand two pixels apart.
        let near = review
            .moves
            .iter()
            .filter(|m| m.class.is_some())
            .map(|m| m.ply + 1)
            .min_by(|&a, &b| (x(a) - at.x).abs().total_cmp(&(x(b) - at.x).abs()))
            .filter(|&p| (x(p) - at.x).abs() <= 6.0);
        asked = Some(near.unwrap_or(i).min(n));
    }
    response.on_hover_text("Black's win chance through the game; click to see a move");
    asked
}

/// A side as the study names it: "You (Black)" for the person playing a bot, else the
/// side.
fn player(source: &Source, side: Side) -> String {
    if source.you == Some(side) {
        format!("You ({side})")
    } else {
        side.to_string()
    }
}

/// Each side's inaccuracies, mistakes and blunders in words, a line a side (as lichess
/// counts them; the accuracy is on the section's first line).
fn review_counts(ui: &mut egui::Ui, review: &Review, source: &Source) {
    use crate::common::counted;
    for side in Side::BOTH {
        let [i, m, b] = review.counts[side];
        let text = format!(
            "{}: {}, {}, {}",
            player(source, side),
            counted(i, "inaccuracy", "inaccuracies"),
            counted(m, "mistake", "mistakes"),
            counted(b, "blunder", "blunders"),
        );
        ui.add(egui::Label::new(egui::RichText::new(text).small()).wrap())
            .on_hover_text(
                "Inaccuracies (?!), mistakes (?) and blunders (??), as the graph marks them",
            );
    }
}

/// The shown move's judgement, with the engine's better move.
fn shown_judgement(ui: &mut egui::Ui, review: &Review, shown: usize) {
    if let Some(m) = shown.checked_sub(1).and_then(|i| review.moves.get(i))
        && let Some(class) = m.class
    {
        let better = m.better.as_ref().map_or(String::new(), |b| {
            format!("; better {} ({:.0}%)", b.mv, b.win * 100.0)
        });
        // Go's margins too: a move judged by the points it gave away says so.
        let points = match (m.lead_before, m.lead_after) {
            (Some(b), Some(a)) => format!(" ({b:+.1} → {a:+.1} points)"),
            _ => String::new(),
        };
        ui.label(
            egui::RichText::new(format!(
                "{}{}: {}, {:.0}% → {:.0}%{points}{better}",
                m.played,
                class.mark(),
                class.with_article(),
                m.before * 100.0,
                m.after * 100.0
            ))
            .small()
            .color(palette::WARN),
        );
    }
}

/// The review's marks for the move list, one a move (empty for the moves not judged),
/// when the shown game has a finished review.
pub fn marks(state: &GameReview, source: Option<&Source>) -> Vec<&'static str> {
    source
        .and_then(|s| state.of(s))
        .map(|r| {
            r.moves
                .iter()
                .map(|m| m.class.map_or("", |c| c.mark()))
                .collect()
        })
        .unwrap_or_default()
}

/// What the shared panel draws of the study of the shown game.
pub struct StudyView<'a> {
    pub board: &'a AnalysisBoard,
    pub review: &'a GameReview,
    pub source: &'a Source,
    /// The side to move in the shown position.
    pub to_move: Side,
}

/// What a click in the study's part of the panel asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StudyClick {
    /// The position after this many moves of the game.
    View(usize),
    Practice(PracticeAsk),
    /// Play the analysis's candidate (its index) and its line, this many moves of it, on
    /// the board as a side line.
    Line(usize, usize),
}

impl StudyView<'_> {
    /// Whether the panel shows any of the study: the analysis, or a review under way,
    /// failed or done.
    pub fn shows_anything(&self) -> bool {
        self.board.is_on(self.source)
            || self.review.progress(self.source).is_some()
            || self.review.of(self.source).is_some()
            || (self.review.error.is_some() && self.review.key == Some(self.source.key))
    }

    /// Draws the analysis and the review; returns what a click asked for (or the position
    /// the practice wants shown).
    pub fn show(&self, ui: &mut egui::Ui) -> Option<StudyClick> {
        let hidden = self.review.practice.hides(self.source);
        let line = analysis_section(ui, self.board, self.source, self.to_move, hidden);
        let clicked = review_section(ui, self.review, self.source);
        let asked = practice_section(ui, self.review, self.source);
        line.or(asked).or(clicked.map(StudyClick::View))
    }
}

/// The practice's part of the panel: the buttons that start it, then each mistake with
/// what the player found.
fn practice_section(ui: &mut egui::Ui, state: &GameReview, source: &Source) -> Option<StudyClick> {
    let review = state.of(source)?;
    let practice = &state.practice;
    let Some((_, side)) = practice.of.filter(|(key, _)| *key == source.key) else {
        return practice_offer(ui, review);
    };
    let total = practice.mistakes.len();
    let Some(m) = practice.mistakes.get(practice.at) else {
        ui.label(
            egui::RichText::new(format!("{side}'s mistakes: done ({total} of {total})")).strong(),
        );
        let done = ui.small_button("Done").clicked();
        return done.then_some(StudyClick::Practice(PracticeAsk::Stop));
    };
    ui.label(
        egui::RichText::new(format!("{side}'s mistakes: {} of {total}", practice.at + 1)).strong(),
    );
    let there = source.shown == m.ply;
    let (words, colour) = practice_words(m, side, &practice.state, there);
    // The buttons above the words, which change length from one try to the next: the
    // buttons stay under the pointer.
    let asked = practice_buttons(ui, practice, there, practice.at + 1 == total);
    ui.add(egui::Label::new(egui::RichText::new(words).color(colour)).wrap());
    asked
}

/// The buttons that start the practice, one a side with mistakes.
fn practice_offer(ui: &mut egui::Ui, review: &Review) -> Option<StudyClick> {
    let mut asked = None;
    let counts = Side::BOTH.map(|side| (side, review.mistakes_of(side).count()));
    if counts.iter().all(|(_, n)| *n == 0) {
        return None;
    }
    // One row for both sides: "Learn from mistakes: Black (2) White (1)".
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new("Learn from mistakes:").small());
        for (side, n) in counts {
            if n > 0
                && ui
                    .small_button(format!("{side} ({n})"))
                    .on_hover_text(format!(
                        "Go back to each of {side}'s mistakes and blunders and look for \
                         a better move"
                    ))
                    .clicked()
            {
                asked = Some(StudyClick::Practice(PracticeAsk::Start(side)));
            }
        }
    });
    asked
}

/// What the practice says of the mistake looked at and of the move tried, and in which
/// colour.
fn practice_words(
    m: &MoveReview,
    side: Side,
    state: &Attempting,
    there: bool,
) -> (String, egui::Color32) {
    let mark = m.class.map_or("", |c| c.mark());
    let pct = |w: f64| format!("{:.0}%", w * 100.0);
    let points = match (m.lead_before, m.lead_after) {
        (Some(b), Some(a)) => format!(", {b:+.1} → {a:+.1} points"),
        _ => String::new(),
    };
    let played = format!(
        "{side} played {}{mark} here ({} → {}{points}).",
        m.played,
        pct(m.before),
        pct(m.after)
    );
    match state {
        Attempting::Finding if there => (format!("{played} Find a better move."), palette::GOLD),
        Attempting::Finding => (
            format!("{played} The board shows another position."),
            palette::GOLD,
        ),
        Attempting::Judging(tried) => (format!("Checking {tried}…"), palette::GOLD),
        Attempting::Found(tried, win) => (
            format!("{tried}: well found, {side} keeps {}.", pct(*win)),
            palette::HINT,
        ),
        Attempting::Failed(tried, why) => (
            format!("The engine could not judge {tried}: {why}"),
            palette::WARN,
        ),
        Attempting::Missed(tried, win) => {
            let engine = m.better.as_ref().map_or(String::new(), |b| {
                format!(
                    " The review's engine plays {} ({}): {}.",
                    b.mv,
                    pct(b.win),
                    b.line.join(" ")
                )
            });
            (
                format!("{tried} leaves {side} {}: not enough.{engine}", pct(*win)),
                palette::WARN,
            )
        }
    }
}

/// The practice's buttons for the mistake looked at (`last`: it is the last one).
fn practice_buttons(
    ui: &mut egui::Ui,
    practice: &Practice,
    there: bool,
    last: bool,
) -> Option<StudyClick> {
    let mut asked = None;
    ui.horizontal_wrapped(|ui| {
        let mut button = |ui: &mut egui::Ui, text: &str, tip: &str, ask: PracticeAsk| {
            if ui.small_button(text).on_hover_text(tip).clicked() {
                asked = Some(StudyClick::Practice(ask));
            }
        };
        if !there && practice.state == Attempting::Finding {
            button(
                ui,
                "Go there",
                "Show the position before the mistake",
                PracticeAsk::Retry,
            );
        }
        if matches!(
            practice.state,
            Attempting::Missed(..) | Attempting::Found(..) | Attempting::Failed(..)
        ) {
            button(
                ui,
                "Try again",
                "Look for another move here",
                PracticeAsk::Retry,
            );
        }
        let (next, tip) = if last {
            ("Finish", "The last one: end the practice")
        } else {
            ("Next mistake", "Go on to the next mistake")
        };
        button(ui, next, tip, PracticeAsk::Next);
        button(
            ui,
            "Stop",
            "Stop learning from the mistakes",
            PracticeAsk::Stop,
        );
    });
    asked
}

/// One move of the engine's line as a board draws it, in world points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LineMark {
    /// A slide, a tandem (from the block's centre), a mole drop, a piece's move.
    Arrow { from: Vec2, to: Vec2 },
    /// A drop: a ghost of the mover's colour.
    Ghost { at: Vec2, side: Side },
}

/// How many moves of the best line a board draws.
pub const LINE_SHOWN: usize = 4;

/// Paints the engine's line over the board, behind the panels: the first move bold, the
/// next ones lighter and numbered (the camera looks at the world origin, so a world
/// point is an offset from the window's centre).
pub fn paint_line(ctx: &egui::Context, cell: f32, marks: &[LineMark]) {
    let centre = ctx.viewport_rect().center();
    let at = |p: Vec2| centre + egui::vec2(p.x, -p.y);
    let painter = ctx.layer_painter(egui::LayerId::background());
    let font = egui::FontId::proportional((cell * 0.32).clamp(10.0, 24.0));
    for (i, mark) in marks.iter().enumerate().rev() {
        let strength = if i == 0 { 0.85 } else { 0.55 };
        let colour = egui::Color32::from_rgb(40, 150, 70).gamma_multiply(strength);
        let number = (i + 1).to_string();
        match *mark {
            LineMark::Arrow { from, to } => {
                let (a, b) = (at(from), at(to));
                let width = cell * if i == 0 { 0.14 } else { 0.08 };
                let dir = (b - a).normalized();
                let head = cell * 0.3;
                let tip = b - dir * cell * 0.1;
                let base = tip - dir * head;
                painter.line_segment([a, base], egui::Stroke::new(width, colour));
                let side = egui::vec2(-dir.y, dir.x) * head * 0.6;
                painter.add(egui::Shape::convex_polygon(
                    vec![tip, base + side, base - side],
                    colour,
                    egui::Stroke::NONE,
                ));
                if i > 0 {
                    painter.text(
                        base - dir * cell * 0.15,
                        egui::Align2::CENTER_CENTER,
                        &number,
                        font.clone(),
                        egui::Color32::WHITE,
                    );
                }
            }
            LineMark::Ghost { at: p, side } => {
                let (fill, ink) = match side {
                    Side::Black => (egui::Color32::from_black_alpha(150), egui::Color32::WHITE),
                    Side::White => (egui::Color32::from_white_alpha(170), egui::Color32::BLACK),
                };
                painter.circle(
                    at(p),
                    cell * 0.36,
                    fill,
                    egui::Stroke::new(cell * 0.05, colour),
                );
                painter.text(
                    at(p),
                    egui::Align2::CENTER_CENTER,
                    &number,
                    font.clone(),
                    ink,
                );
            }
        }
    }
}

/// A board that draws the engine's line: the marks of a line's moves played from a
/// position, in its layout's world points.
pub trait DrawsLine: StudiedBoard {
    /// The board's placement on the screen.
    type Layout: Resource;
    /// The side of one cell, in world points.
    fn cell(layout: &Self::Layout) -> f32;
    /// The marks of `line`'s moves from `from`, up to the first that cannot be shown.
    fn line_marks(from: &Self::Position, layout: &Self::Layout, line: &[String]) -> Vec<LineMark>;
}

/// The engine's line on the board (the best, or the one pointed at in the panel), while
/// the analysis shows one.
fn draw_line<G: DrawsLine>(
    mut contexts: bevy_egui::EguiContexts,
    source: Res<StudySource>,
    (board, review): (Res<AnalysisBoard>, Res<GameReview>),
    session: Res<Session<G>>,
    viewing: Res<Viewing<G>>,
    layout: Res<G::Layout>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(line) = shown_line(ctx, &board, &review, source.0.as_ref()) else {
        return Ok(());
    };
    let marks = G::line_marks(session.shown(viewing.0), &layout, line);
    paint_line(ctx, G::cell(&layout), &marks);
    Ok(())
}

/// A board's line is drawn with its coordinates, behind the panel, while its state `on`
/// holds.
pub fn register_line<G: DrawsLine, S: States>(app: &mut App, on: S) {
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        draw_line::<G>
            .run_if(in_state(on))
            .in_set(crate::game::app::ui::UiLayer::Board),
    );
}

/// The line the board draws, when it shows one: the practice's answer, or the
/// analysis's candidate pointed at in the panel, or its best line.
pub fn shown_line<'a>(
    ctx: &egui::Context,
    board: &'a AnalysisBoard,
    review: &'a GameReview,
    source: Option<&Source>,
) -> Option<&'a [String]> {
    let source = source?;
    if let Some(line) = review.practice.answer(source) {
        return Some(&line[..line.len().min(LINE_SHOWN)]);
    }
    if review.practice.hides(source) {
        return None;
    }
    let found = board.current(source)?;
    // The candidate pointed at in the panel, or the best.
    let best = &found.analysis.best;
    let shown = previewed(ctx, source.spot())
        .and_then(|i| best.get(i))
        .or(best.first())?;
    Some(&shown.line[..shown.line.len().min(LINE_SHOWN)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_pointed_at_is_kept_for_its_own_position_only() {
        let ctx = egui::Context::default();
        let spot = Spot {
            key: 7,
            shown: 3,
            line: None,
        };
        let other = Spot { shown: 4, ..spot };
        assert_eq!(previewed(&ctx, spot), None);
        preview(&ctx, spot, Some(2));
        assert_eq!(previewed(&ctx, spot), Some(2));
        assert_eq!(previewed(&ctx, other), None, "another position");
        preview(&ctx, spot, None);
        assert_eq!(previewed(&ctx, spot), None, "the pointer left");
        // A panel that stops drawing the analysis leaves no preview behind.
        preview(&ctx, spot, Some(1));
        for _ in 0..2 {
            let mut output = ctx.run_ui(egui::RawInput::default(), |_| {});
            output.textures_delta.clear();
        }
        assert_eq!(previewed(&ctx, spot), None, "the panel was not drawn since");
    }
}
