//! Several server instances on one database (docs/ONLINE.md, "Past one machine"): each
//! instance referees any room its connections ask about, the database's row versions keep
//! two of them from changing one room at once ([`super::store`]), and Redis carries the
//! rest between them:
//!
//! - on the channel [`CHANNEL`], a notice `INSTANCE CODE VERSION` after every change of a
//!   room, so that the other instances read the room again and tell their connections;
//! - a key `chogo:alive:INSTANCE` that each instance sets every second to expire after
//!   [`ALIVE_MS`]: a seat held by an instance whose key has gone counts as gone.
//!
//! A lost notice costs only time: each instance also compares its rooms' versions with the
//! database's every few seconds.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use redis::Commands;

/// The channel of room notices.
pub const CHANNEL: &str = "chogo:rooms";
/// How long an instance's heartbeat lasts.
pub const ALIVE_MS: u64 = 4_000;
const ALIVE_PREFIX: &str = "chogo:alive:";

/// A notice read from [`CHANNEL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub instance: String,
    pub code: String,
    pub version: u64,
}

impl Notice {
    pub fn text(&self) -> String {
        format!("{} {} {}", self.instance, self.code, self.version)
    }

    pub fn parse(text: &str) -> Option<Notice> {
        let mut words = text.split(' ');
        let (instance, code, version) = (words.next()?, words.next()?, words.next()?);
        if words.next().is_some() || instance.is_empty() || code.is_empty() {
            return None;
        }
        Some(Notice {
            instance: instance.to_string(),
            code: code.to_string(),
            version: version.parse().ok()?,
        })
    }
}

/// One instance's link to Redis.
pub struct Cluster {
    pub url: String,
    con: redis::Connection,
    alive: HashSet<String>,
    beat: Option<Instant>,
}

fn err(e: impl std::fmt::Display) -> String {
    format!("Redis: {e}")
}

impl Cluster {
    /// Connects to the Redis at `url` (`redis://127.0.0.1:6379/`).
    pub fn connect(url: &str) -> Result<Cluster, String> {
        let client = redis::Client::open(url).map_err(err)?;
        let con = client
            .get_connection_with_timeout(Duration::from_secs(5))
            .map_err(err)?;
        con.set_read_timeout(Some(Duration::from_secs(5)))
            .map_err(err)?;
        con.set_write_timeout(Some(Duration::from_secs(5)))
            .map_err(err)?;
        Ok(Cluster {
            url: url.to_string(),
            con,
            alive: HashSet::new(),
            beat: None,
        })
    }

    /// Tells the other instances of a room's change (an error is only logged: they find
    /// it at their next comparison of versions).
    pub fn publish(&mut self, notice: &Notice) {
        let sent: Result<i64, _> = self.con.publish(CHANNEL, notice.text());
        if let Err(e) = sent {
            eprintln!("{}", err(e));
        }
    }

    /// Every second: this instance's heartbeat, and the instances alive. `Some(set)` when
    /// the set was read again.
    pub fn beat(&mut self, me: &str, now: Instant) -> Option<&HashSet<String>> {
        if self
            .beat
            .is_some_and(|t| now.saturating_duration_since(t) < Duration::from_secs(1))
        {
            return None;
        }
        self.beat = Some(now);
        let key = format!("{ALIVE_PREFIX}{me}");
        let set: Result<(), _> = redis::cmd("SET")
            .arg(&key)
            .arg(1)
            .arg("PX")
            .arg(ALIVE_MS)
            .query(&mut self.con);
        let keys: Result<Vec<String>, _> = set.and_then(|()| {
            self.con
                .scan_match::<_, String>(format!("{ALIVE_PREFIX}*"))
                .and_then(|keys| keys.collect())
        });
        match keys {
            Ok(keys) => {
                self.alive = keys
                    .iter()
                    .filter_map(|k| k.strip_prefix(ALIVE_PREFIX))
                    .map(str::to_string)
                    .collect();
                self.alive.insert(me.to_string());
                Some(&self.alive)
            }
            Err(e) => {
                // Redis away: keep the last set rather than call every player gone.
                eprintln!("{}", err(e));
                None
            }
        }
    }

    /// Whether `instance` beats: in the set of the last reading, or else asked of Redis
    /// now (an instance started since then).
    pub fn is_alive(&mut self, instance: &str) -> bool {
        if self.alive.contains(instance) {
            return true;
        }
        let there: Result<bool, _> = self.con.exists(format!("{ALIVE_PREFIX}{instance}"));
        let there = there.unwrap_or(false);
        if there {
            self.alive.insert(instance.to_string());
        }
        there
    }
}

/// Reads [`CHANNEL`] forever on the calling thread, handing each notice to `each`; after
/// every (re)subscription `each(None)`, so that the instance compares its rooms' versions
/// (notices may have been missed while away).
pub fn listen(url: &str, mut each: impl FnMut(Option<Notice>)) -> ! {
    loop {
        let subscribed = redis::Client::open(url).and_then(|c| c.get_connection());
        match subscribed {
            Ok(mut con) => {
                let mut sub = con.as_pubsub();
                match sub.subscribe(CHANNEL) {
                    Ok(()) => {
                        each(None);
                        loop {
                            match sub.get_message() {
                                Ok(msg) => {
                                    if let Some(n) = msg
                                        .get_payload::<String>()
                                        .ok()
                                        .and_then(|t| Notice::parse(&t))
                                    {
                                        each(Some(n));
                                    }
                                }
                                Err(e) => {
                                    eprintln!("{}", err(e));
                                    break;
                                }
                            }
                        }
                    }
                    Err(e) => eprintln!("{}", err(e)),
                }
            }
            Err(e) => eprintln!("{}", err(e)),
        }
        std::thread::sleep(Duration::from_millis(500));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_reads_back_and_a_bad_one_is_none() {
        let n = Notice {
            instance: "ab12".into(),
            code: "XYZ234".into(),
            version: 17,
        };
        assert_eq!(Notice::parse(&n.text()), Some(n));
        for bad in ["", "a b", "a b c d", "a b -1", " b 3", "a  3"] {
            assert_eq!(Notice::parse(bad), None, "{bad:?}");
        }
    }
}
