//! The tokens a computer holds, one per server and name, in a file of the settings
//! folder (`online-identities.json`), written atomically. A damaged file is set aside
//! beside it with a message, never silently dropped: its tokens may still be recovered.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The file's name in the settings folder.
pub const FILE: &str = "online-identities.json";

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Identities {
    pub version: u32,
    pub names: Vec<Identity>,
    /// The certificates no authority signed that the player chose to trust, per server.
    #[serde(default)]
    pub certificates: Vec<TrustedCertificate>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrustedCertificate {
    /// The server as the player typed it.
    pub server: String,
    /// SHA-256 of the certificate, `AB:01:...` (`crate::tls::fingerprint`).
    pub sha256: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Identity {
    /// The server as the player typed it.
    pub server: String,
    pub name: String,
    pub token: String,
}

impl Identities {
    /// Reads `path`; a missing file is empty, a damaged one is renamed
    /// `online-identities.json.damaged-SECONDS` and said in the second value.
    pub fn load(path: &Path) -> (Identities, Option<String>) {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return (Identities::default(), None);
            }
            Err(e) => {
                return (
                    Identities::default(),
                    Some(format!("cannot read {}: {e}", path.display())),
                );
            }
        };
        match serde_json::from_str::<Identities>(&text) {
            Ok(ids) => (ids, None),
            Err(e) => {
                let secs = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs());
                let aside = PathBuf::from(format!("{}.damaged-{secs}", path.display()));
                let moved = std::fs::rename(path, &aside);
                let note = match moved {
                    Ok(()) => format!(
                        "{} is damaged ({e}); it is set aside as {}",
                        path.display(),
                        aside.display()
                    ),
                    Err(m) => format!(
                        "{} is damaged ({e}) and cannot be set aside ({m})",
                        path.display()
                    ),
                };
                (Identities::default(), Some(note))
            }
        }
    }

    pub fn token(&self, server: &str, name: &str) -> Option<&str> {
        self.names
            .iter()
            .find(|i| i.server == server && i.name == name)
            .map(|i| i.token.as_str())
    }

    pub fn set(&mut self, server: &str, name: &str, token: &str) {
        self.names
            .retain(|i| !(i.server == server && i.name == name));
        self.names.push(Identity {
            server: server.into(),
            name: name.into(),
            token: token.into(),
        });
    }

    /// The fingerprint trusted for `server`, if one is.
    pub fn trusted(&self, server: &str) -> Option<&str> {
        self.certificates
            .iter()
            .find(|c| c.server == server)
            .map(|c| c.sha256.as_str())
    }

    /// Trusts this certificate for `server` from now on (in place of any before).
    pub fn trust(&mut self, server: &str, sha256: &str) {
        self.certificates.retain(|c| c.server != server);
        self.certificates.push(TrustedCertificate {
            server: server.into(),
            sha256: sha256.into(),
        });
    }

    /// Writes the file atomically: a new file beside it, then a rename.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let text = serde_json::to_string_pretty(&Identities {
            version: 1,
            names: self.names.clone(),
            certificates: self.certificates.clone(),
        })
        .expect("plain data");
        let tmp = PathBuf::from(format!("{}.tmp-{}", path.display(), std::process::id()));
        std::fs::write(&tmp, text).map_err(|e| format!("{}: {e}", tmp.display()))?;
        std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_kept_per_server_and_name_and_a_damaged_file_is_set_aside() {
        let dir = std::env::temp_dir().join(format!("timefork-ids-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join(FILE);
        let (mut ids, note) = Identities::load(&path);
        assert_eq!((ids.names.len(), note), (0, None));
        ids.set("a:1", "Anna", "t1");
        ids.set("b:2", "Anna", "t2");
        ids.set("a:1", "Anna", "t3");
        ids.trust("tls://a:1", "AB:CD");
        ids.save(&path).unwrap();
        let (back, _) = Identities::load(&path);
        assert_eq!(back.token("a:1", "Anna"), Some("t3"));
        assert_eq!(back.token("b:2", "Anna"), Some("t2"));
        assert_eq!(back.token("a:1", "Boris"), None);
        assert_eq!(back.trusted("tls://a:1"), Some("AB:CD"));
        assert_eq!(back.trusted("a:1"), None);
        // A file of the first release, with no certificates, still reads.
        let old = r#"{"version": 1, "names": [{"server": "s", "name": "N", "token": "t"}]}"#;
        let old: Identities = serde_json::from_str(old).unwrap();
        assert_eq!(
            (old.token("s", "N"), old.certificates.len()),
            (Some("t"), 0)
        );
        std::fs::write(&path, "{ not json").unwrap();
        let (empty, note) = Identities::load(&path);
        assert!(empty.names.is_empty());
        assert!(note.unwrap().contains("set aside"));
        let aside: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().contains(".damaged-"))
            .collect();
        assert_eq!(aside.len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
