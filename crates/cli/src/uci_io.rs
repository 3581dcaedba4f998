//! What the two engine protocols share (`uci` for 5D chess, `wager uci` for ordinary
//! chess): one locked stdout that the command loop and the search thread both write to,
//! a running search, and the `setoption` line.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// Stdout shared by the command loop and the search thread, a line at a time.
pub struct Out(Arc<Mutex<std::io::Stdout>>);

impl Out {
    pub fn stdout() -> Out {
        Out(Arc::new(Mutex::new(std::io::stdout())))
    }

    pub fn line(&self, s: &str) {
        let out = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let mut l = out.lock();
        // A closed stdout ends the session at the next read; nothing to do here.
        let _ = writeln!(l, "{s}");
        let _ = l.flush();
    }
}

impl Clone for Out {
    fn clone(&self) -> Out {
        Out(Arc::clone(&self.0))
    }
}

/// A search running on its own thread.
pub struct Search {
    pub stop: Arc<AtomicBool>,
    /// Set once the answer has been written: the thread is about to end.
    pub answered: Arc<AtomicBool>,
    pub handle: JoinHandle<()>,
}

impl Search {
    /// Stops the search and waits for its answer.
    pub fn finish(self) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = self.handle.join();
    }

    /// Whether it has answered (or ended), so that a new `go` may start.
    pub fn is_done(&self) -> bool {
        self.answered.load(Ordering::SeqCst) || self.handle.is_finished()
    }
}

/// Stops and reaps `search`, if one runs.
pub fn finish(search: &mut Option<Search>) {
    if let Some(s) = search.take() {
        s.finish();
    }
}

/// Reaps a search that has answered, so that the next `go` may start one.
pub fn reap(search: &mut Option<Search>) {
    if search.as_ref().is_some_and(Search::is_done) {
        finish(search);
    }
}

/// `setoption name NAME [value VALUE]` as (NAME, VALUE); a name may have spaces.
pub fn parse_setoption(words: &[&str]) -> Result<(String, String), String> {
    if words.get(1) != Some(&"name") || words.len() < 3 {
        return Err("setoption needs: setoption name NAME value VALUE".to_string());
    }
    let rest = &words[2..];
    let (name, value) = match rest.iter().position(|w| *w == "value") {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &rest[rest.len()..]),
    };
    if name.is_empty() {
        return Err("setoption: the option has no name".to_string());
    }
    Ok((name.join(" "), value.join(" ")))
}

#[cfg(test)]
mod tests {
    use super::parse_setoption;

    #[test]
    fn setoption_lines() {
        let words = |s: &'static str| s.split_whitespace().collect::<Vec<_>>();
        assert_eq!(
            parse_setoption(&words("setoption name Level value Medium")),
            Ok(("Level".to_string(), "Medium".to_string()))
        );
        assert_eq!(
            parse_setoption(&words("setoption name Move Overhead value 30")),
            Ok(("Move Overhead".to_string(), "30".to_string()))
        );
        assert_eq!(
            parse_setoption(&words("setoption name Clear Hash")),
            Ok(("Clear Hash".to_string(), String::new()))
        );
        assert!(parse_setoption(&words("setoption Level Medium")).is_err());
        assert!(parse_setoption(&words("setoption name value 3")).is_err());
    }
}
