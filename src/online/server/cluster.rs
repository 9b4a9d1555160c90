//! Several server instances on one database (docs/ONLINE.md, "Past one machine"): each
//! instance referees any room its connections ask about, the database's row versions keep
//! two of them from changing one room at once ([`super::store`]), and Redis carries the
//! rest between them:
//!
//! - on the channel [`CHANNEL`], a notice `INSTANCE CODE VERSION` after every change of a
//!   room, so that the other instances read the room again and tell their connections;
//! - in the sorted set `chogo:alive`, each instance with the time (Redis's clock) its
//!   heartbeat lasts to, set again every second for [`ALIVE_MS`]: a seat held by an
//!   instance that has left the set counts as gone;
//! - in `chogo:since`, since when the set has never been empty: a room last written
//!   before then was refereed by nobody for a while, and is opened as a restarted server
//!   opens its rooms (the time nobody was there is nobody's).
//!
//! The instance's own calls to Redis run on a thread of their own ([`Cluster::connect`]),
//! so that a slow or absent Redis never holds up the games: notices wait in a queue, the
//! set of the instances alive is the last one read, and the thread connects again by
//! itself. A lost notice costs only time: each instance also compares its rooms' versions
//! with the database's every few seconds.

use std::collections::{HashSet, VecDeque};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use redis::Commands;

/// The channel of room notices.
pub const CHANNEL: &str = "chogo:rooms";
/// How long an instance's heartbeat lasts.
pub const ALIVE_MS: u64 = 4_000;
/// How often an instance beats.
const BEAT: Duration = Duration::from_secs(1);
/// How long one call to Redis may take: well under [`ALIVE_MS`].
const TIMEOUT: Duration = Duration::from_millis(800);
/// Notices waiting while Redis is away (sent once it is back): past this, the oldest are
/// dropped (the other instances' comparison of versions finds those changes).
const QUEUE: usize = 10_000;

/// The heartbeat, in one step on Redis's clock: this instance's entry set to last
/// [`ALIVE_MS`], the expired ones dropped, `chogo:since` set when the set was empty;
/// answers Redis's time, `chogo:since` and the instances alive.
const BEAT_SCRIPT: &str = r"
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) == 0 or not redis.call('GET', KEYS[2]) then
  redis.call('SET', KEYS[2], now)
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
local out = {tostring(now), redis.call('GET', KEYS[2])}
for _, name in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  out[#out + 1] = name
end
return out
";

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

/// The instances alive, as last read from Redis.
#[derive(Clone, Debug, Default)]
pub struct Alive {
    pub instances: HashSet<String>,
    /// When the reading began (none: never read).
    pub read: Option<Instant>,
    /// Since when the set has never been empty (ms since 1970, Redis's clock).
    pub since_ms: u64,
    /// Whether the set can say who is gone: false for the first [`ALIVE_MS`] after it was
    /// empty (Redis restarted, say), while the living instances come back into it.
    pub settled: bool,
    /// One more at every reading.
    pub readings: u64,
}

impl Alive {
    /// Whether `instance`, seen holding a seat in a row read at `seen`, has stopped
    /// beating: it is out of a settled reading that began after `seen`. (An instance
    /// writes a row only after its first beat, so a reading begun later would have it.)
    pub fn gone(&self, instance: &str, seen: Instant) -> bool {
        self.settled && self.read.is_some_and(|r| r > seen) && !self.instances.contains(instance)
    }
}

/// One instance's link to Redis: the queue of its notices to the thread that sends them,
/// and the set of the instances alive that the thread reads.
pub struct Cluster {
    pub url: String,
    notices: mpsc::SyncSender<Notice>,
    alive: Arc<Mutex<Alive>>,
}

fn err(e: impl std::fmt::Display) -> String {
    format!("Redis: {e}")
}

fn open(url: &str) -> redis::RedisResult<redis::Connection> {
    let con = redis::Client::open(url)?.get_connection_with_timeout(TIMEOUT)?;
    con.set_read_timeout(Some(TIMEOUT))?;
    con.set_write_timeout(Some(TIMEOUT))?;
    Ok(con)
}

/// One heartbeat of instance `me`: the set read, begun at `started`.
fn beat(
    con: &mut redis::Connection,
    me: &str,
    started: Instant,
    last: &Alive,
) -> redis::RedisResult<Alive> {
    let out: Vec<String> = redis::cmd("EVAL")
        .arg(BEAT_SCRIPT)
        .arg(2)
        .arg("chogo:alive")
        .arg("chogo:since")
        .arg(me)
        .arg(ALIVE_MS)
        .query(con)?;
    let number = |i: usize| out.get(i).and_then(|t| t.parse::<u64>().ok()).unwrap_or(0);
    let (now_ms, since_ms) = (number(0), number(1));
    let mut instances: HashSet<String> = out.iter().skip(2).cloned().collect();
    instances.insert(me.to_string());
    Ok(Alive {
        instances,
        read: Some(started),
        since_ms,
        settled: now_ms.saturating_sub(since_ms) >= ALIVE_MS,
        readings: last.readings + 1,
    })
}

impl Cluster {
    /// Connects instance `me` to the Redis at `url` (`redis://127.0.0.1:6379/`): beats
    /// once (an error here stops the server's start), then leaves the link to a thread.
    pub fn connect(url: &str, me: &str) -> Result<Cluster, String> {
        let mut con = open(url).map_err(err)?;
        let first = beat(&mut con, me, Instant::now(), &Alive::default()).map_err(err)?;
        let alive = Arc::new(Mutex::new(first));
        let (notices, queue) = mpsc::sync_channel(QUEUE);
        let (link, url_, me) = (alive.clone(), url.to_string(), me.to_string());
        std::thread::Builder::new()
            .name("redis".into())
            .spawn(move || keep(&url_, &me, Some(con), &queue, &link))
            .map_err(|e| format!("cannot start Redis's thread: {e}"))?;
        Ok(Cluster {
            url: url.to_string(),
            notices,
            alive,
        })
    }

    /// A cluster without Redis, for the hub's tests: the notices go to the receiver, and
    /// the set alive is what the test writes.
    #[cfg(test)]
    pub fn by_hand() -> (Cluster, mpsc::Receiver<Notice>, Arc<Mutex<Alive>>) {
        let (notices, queue) = mpsc::sync_channel(QUEUE);
        let alive = Arc::new(Mutex::new(Alive::default()));
        let cluster = Cluster {
            url: "redis://by-hand/".into(),
            notices,
            alive: alive.clone(),
        };
        (cluster, queue, alive)
    }

    /// Tells the other instances of a room's change, through the queue (full: dropped,
    /// for the others' comparison of versions to find).
    pub fn publish(&self, notice: Notice) {
        let _ = self.notices.try_send(notice);
    }

    /// The set of the instances alive, as last read.
    pub fn alive(&self) -> Alive {
        self.alive.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

/// The thread of an instance's link: sends the queued notices, beats every second, and
/// connects again (after 0.25 s, then up to 2 s between tries) when Redis goes away,
/// keeping the notices not sent for then.
fn keep(
    url: &str,
    me: &str,
    mut con: Option<redis::Connection>,
    queue: &mpsc::Receiver<Notice>,
    alive: &Mutex<Alive>,
) {
    let mut next_beat = Instant::now() + BEAT;
    let mut retry = Duration::from_millis(250);
    let mut next_try = Instant::now();
    let mut waiting: VecDeque<Notice> = VecDeque::new();
    loop {
        let wait = if con.is_some() {
            next_beat.saturating_duration_since(Instant::now())
        } else {
            next_try.saturating_duration_since(Instant::now())
        };
        match queue.recv_timeout(wait) {
            Ok(n) => waiting.push_back(n),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
        }
        waiting.extend(queue.try_iter());
        while waiting.len() > QUEUE {
            waiting.pop_front();
        }
        if con.is_none() && Instant::now() >= next_try {
            match open(url) {
                Ok(c) => {
                    eprintln!("Redis: connected again");
                    con = Some(c);
                    retry = Duration::from_millis(250);
                    next_beat = Instant::now();
                }
                Err(_) => {
                    next_try = Instant::now() + retry;
                    retry = (retry * 2).min(Duration::from_secs(2));
                }
            }
        }
        let Some(c) = con.as_mut() else {
            continue;
        };
        let mut failed = None;
        // The heartbeat first when it is due: a long queue of notices never delays it.
        if Instant::now() >= next_beat {
            let started = Instant::now();
            next_beat = started + BEAT;
            let last = alive.lock().unwrap_or_else(|e| e.into_inner()).clone();
            match beat(c, me, started, &last) {
                Ok(read) => *alive.lock().unwrap_or_else(|e| e.into_inner()) = read,
                Err(e) => failed = Some(e),
            }
        }
        while failed.is_none()
            && Instant::now() < next_beat
            && let Some(n) = waiting.front()
        {
            match c.publish::<_, _, i64>(CHANNEL, n.text()) {
                Ok(_) => {
                    waiting.pop_front();
                }
                Err(e) => failed = Some(e),
            }
        }
        if let Some(e) = failed {
            // Keep the last set rather than call every player gone; connect again.
            eprintln!("{}", err(e));
            con = None;
            next_try = Instant::now();
        }
    }
}

/// Reads [`CHANNEL`] forever on the calling thread, handing each notice to `each`; after
/// every (re)subscription `each(None)`, so that the instance compares its rooms' versions
/// (notices may have been missed while away).
pub fn listen(url: &str, mut each: impl FnMut(Option<Notice>)) -> ! {
    loop {
        let subscribed =
            redis::Client::open(url).and_then(|c| c.get_connection_with_timeout(TIMEOUT));
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
