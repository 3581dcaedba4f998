//! The way to a connection's outgoing frames, for the hub and the writer (a leaf, so
//! the hub and the connections do not import each other).

use std::sync::Arc;

use tokio::sync::{Notify, mpsc};

#[derive(Clone, Debug)]
pub struct ConnHandle {
    tx: mpsc::Sender<Arc<str>>,
    kill: Arc<Notify>,
}

impl ConnHandle {
    pub fn new(tx: mpsc::Sender<Arc<str>>) -> ConnHandle {
        ConnHandle {
            tx,
            kill: Arc::new(Notify::new()),
        }
    }

    /// Queues a frame; a connection too slow to take it is closed.
    pub fn deliver(&self, frame: Arc<str>) {
        if self.tx.try_send(frame).is_err() {
            self.kill.notify_one();
        }
    }

    pub fn close(&self) {
        self.kill.notify_one();
    }

    /// What the connection's task waits on to stop.
    pub fn kill_switch(&self) -> Arc<Notify> {
        self.kill.clone()
    }
}
