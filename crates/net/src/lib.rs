//! Play over the network, without Bevy: a game's messages (`msg`), those between a player
//! and a Timefork server (`online`), how they are framed and versioned (here), the rules
//! of draw offers (`session`), and what finds a host on the local network (`msg::Lan`).
//! Frames go as lines of text over TCP (TLS beyond the local network).
//!
//! Every frame is one JSON object `{"proto": N, "app": "0.1.0", "body": {...}}`. The head
//! (`proto`, `app`) never changes shape, so two releases always read each other's version
//! and refuse each other with a clear message instead of misreading a body.

pub mod msg;
pub mod online;
pub mod session;

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The version of the messages in `msg` and `online`; raise it with any change to them.
/// (3: the local-network host's own link gone, its host a server.)
pub const PROTOCOL_VERSION: u32 = 3;
/// This program's release, sent in every frame's head for the mismatch message.
pub const APP_VERSION: &str = env!("CARGO_PKG_VERSION");
/// A local-network host's TCP port.
pub const DEFAULT_PORT: u16 = 5757;
/// The UDP port hosts answer local-network searches on.
pub const DISCOVERY_PORT: u16 = 5758;

/// A frame's head: which protocol and release wrote it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Head {
    pub proto: u32,
    pub app: String,
}

#[derive(Serialize)]
struct FrameOut<'a, T> {
    proto: u32,
    app: &'a str,
    body: &'a T,
}

#[derive(Deserialize)]
struct FrameIn {
    proto: u32,
    app: String,
    body: serde_json::Value,
}

/// Why a frame could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WireError {
    /// Not a Timefork frame at all.
    NotAFrame(String),
    /// Written by another protocol version (another release): its body is not read.
    Version { proto: u32, app: String },
    /// The right version, but the body is not a message of the expected kind.
    Body(String),
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WireError::NotAFrame(why) => write!(f, "not a Timefork message: {why}"),
            WireError::Version { proto, app } => write!(
                f,
                "the other computer runs Timefork {app} (network protocol {proto}); this one \
                 runs Timefork {APP_VERSION} (protocol {PROTOCOL_VERSION}): both need the same \
                 release"
            ),
            WireError::Body(why) => write!(f, "a message that cannot be read: {why}"),
        }
    }
}

impl std::error::Error for WireError {}

/// `body` in a frame of this protocol and release.
pub fn encode<T: Serialize>(body: &T) -> String {
    serde_json::to_string(&FrameOut {
        proto: PROTOCOL_VERSION,
        app: APP_VERSION,
        body,
    })
    .expect("messages are plain data and always serialise")
}

/// The head of a frame, whatever its version.
pub fn head(text: &str) -> Result<Head, WireError> {
    serde_json::from_str::<FrameIn>(text)
        .map(|f| Head {
            proto: f.proto,
            app: f.app,
        })
        .map_err(|e| WireError::NotAFrame(e.to_string()))
}

/// The body of a frame of this protocol; another version is refused before its body is
/// read.
pub fn decode<T: DeserializeOwned>(text: &str) -> Result<T, WireError> {
    let frame: FrameIn =
        serde_json::from_str(text).map_err(|e| WireError::NotAFrame(e.to_string()))?;
    if frame.proto != PROTOCOL_VERSION {
        return Err(WireError::Version {
            proto: frame.proto,
            app: frame.app,
        });
    }
    serde_json::from_value(frame.body).map_err(|e| WireError::Body(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::msg::{FiveDReq, ToHost, ToJoiner};
    use super::*;

    #[test]
    fn a_frame_carries_its_version_and_its_body() {
        let hello = ToHost::Draw {
            msg: msg::DrawMsg::Offer,
        };
        let text = encode(&hello);
        assert_eq!(
            head(&text).unwrap(),
            Head {
                proto: PROTOCOL_VERSION,
                app: APP_VERSION.into()
            }
        );
        assert_eq!(decode::<ToHost>(&text).unwrap(), hello);
    }

    #[test]
    fn another_protocol_is_refused_before_its_body_is_read() {
        // A later release whose body this one could not read.
        let text = r#"{"proto": 99, "app": "0.9.0", "body": {"t": "teleport", "to": "h9"}}"#;
        let e = decode::<ToHost>(text).unwrap_err();
        assert_eq!(
            e,
            WireError::Version {
                proto: 99,
                app: "0.9.0".into()
            }
        );
        let shown = e.to_string();
        assert!(
            shown.contains("Timefork 0.9.0") && shown.contains("same release"),
            "{shown}"
        );
        // The head still reads, whatever the body.
        assert_eq!(head(text).unwrap().proto, 99);
    }

    #[test]
    fn garbage_and_wrong_bodies_are_errors_not_panics() {
        assert!(matches!(
            decode::<ToHost>("hello"),
            Err(WireError::NotAFrame(_))
        ));
        assert!(matches!(
            decode::<ToHost>("{\"proto\": 1}"),
            Err(WireError::NotAFrame(_))
        ));
        // A host's message where a joiner's is expected.
        let wrong = encode(&ToJoiner::Accepted { seq: 1 });
        assert!(matches!(decode::<ToHost>(&wrong), Err(WireError::Body(_))));
        let unknown = format!(
            r#"{{"proto": {PROTOCOL_VERSION}, "app": "x", "body": {{"t": "five_d", "seq": 1}}}}"#
        );
        assert!(matches!(
            decode::<ToHost>(&unknown),
            Err(WireError::Body(_))
        ));
        // The right body parses.
        let ok = encode(&ToHost::FiveD {
            seq: 3,
            req: FiveDReq::Move {
                text: "(0T1)e2e4".into(),
            },
        });
        assert!(decode::<ToHost>(&ok).is_ok());
    }
}
