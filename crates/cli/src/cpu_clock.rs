//! The calling thread's CPU time, for benches: on a busy machine wall time counts time a
//! search was not running. Where there is no per-thread clock (not Unix), wall time since
//! the first call.

/// Seconds of this thread's CPU time (from an arbitrary origin; take differences).
#[cfg(unix)]
pub fn seconds() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes the timespec we pass it.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return wall_seconds();
    }
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

#[cfg(not(unix))]
pub fn seconds() -> f64 {
    wall_seconds()
}

fn wall_seconds() -> f64 {
    use std::sync::OnceLock;
    static T0: OnceLock<std::time::Instant> = OnceLock::new();
    T0.get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
}
