//! TLS with trust on first use, against the server run with a self-signed certificate
//! (`tests/data/test-cert.pem`, made by `openssl req -x509 -newkey ec -pkeyopt
//! ec_paramgen_curve:prime256v1 -nodes -days 36500 -subj /CN=timefork-test -addext
//! subjectAltName=IP:127.0.0.1,DNS:localhost`). Its fingerprint below is OpenSSL's
//! (`openssl x509 -noout -fingerprint -sha256`), not the client's own reckoning.

mod common;

use std::path::PathBuf;
use std::time::Duration;

use timefork_online::client::Client;
use timefork_online::tls::TlsError;

const FINGERPRINT: &str = "ED:55:82:0F:86:75:A6:60:39:E6:21:6F:B0:28:E0:94:C4:56:04:6B:AB:5E:7F:FD:21:29:04:46:DD:B8:BD:DF";

fn data(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(file)
}

#[test]
fn a_self_signed_server_is_trusted_only_by_its_fingerprint() {
    let db = common::sqlite();
    let server = common::InProcess::start_tls(&db, &data("test-cert.pem"), &data("test-key.pem"));
    let at = format!("tls://{}", server.addr);
    let wait = Duration::from_secs(10);

    // First contact: no authority signed it, so the player is shown its fingerprint.
    match Client::connect_trusting(&at, wait, None) {
        Err(TlsError::Unknown { fingerprint }) => assert_eq!(fingerprint, FINGERPRINT),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("a certificate no authority signed was taken on trust"),
    }
    // Trusted: the connection is made, and the name's token travels inside it.
    let mut c = Client::connect_trusting(&at, wait, Some(FINGERPRINT)).unwrap();
    assert_eq!(c.fingerprint.as_deref(), Some(FINGERPRINT));
    let welcome = c.hello("Tess", None, false, wait).unwrap();
    assert!(welcome.token.is_some());
    // Another certificate than the one trusted: refused, saying both.
    let other = FINGERPRINT.replace("ED:55", "00:00");
    match Client::connect_trusting(&at, wait, Some(&other)) {
        Err(TlsError::Changed {
            fingerprint,
            trusted,
        }) => assert_eq!(
            (fingerprint.as_str(), trusted.as_str()),
            (FINGERPRINT, other.as_str())
        ),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("a changed certificate was accepted"),
    }
    // A plain client at the TLS port gets no Welcome, and the server stays up.
    let mut plain = Client::connect(&server.addr.to_string(), wait).unwrap();
    assert!(
        plain
            .hello("Plain", None, false, Duration::from_secs(3))
            .is_err()
    );
    let mut again = Client::connect_trusting(&at, wait, Some(FINGERPRINT)).unwrap();
    again.hello("Tess2", None, false, wait).unwrap();
    server.kill();
    drop(db);
}
