//! TLS to a Timefork server. A certificate signed by an authority this computer trusts
//! is accepted as a browser accepts it. Any other (a community server's self-signed
//! certificate) is accepted only once the player has seen its SHA-256 fingerprint and
//! said to trust it (trust on first use), and refused, loudly, if it changes later.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::{Arc, Mutex};

use rustls::client::WebPkiServerVerifier;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{CryptoProvider, WebPkiSupportedAlgorithms};
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{
    ClientConfig, ClientConnection, DigitallySignedStruct, RootCertStore, SignatureScheme,
};
use sha2::{Digest, Sha256};

/// Why a TLS connection was not made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TlsError {
    /// The certificate is signed by no authority this computer knows, and its fingerprint
    /// was never trusted for this server: show it to the player, who may trust it.
    Unknown {
        fingerprint: String,
    },
    /// The certificate is not the one trusted for this server before: someone may stand
    /// between this computer and the server.
    Changed {
        fingerprint: String,
        trusted: String,
    },
    Other(String),
}

impl std::fmt::Display for TlsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TlsError::Unknown { fingerprint } => write!(
                f,
                "the server's certificate is signed by no authority this computer knows; \
                 its SHA-256 fingerprint is {fingerprint}: trust it only if the server's \
                 operator shows the same"
            ),
            TlsError::Changed {
                fingerprint,
                trusted,
            } => write!(
                f,
                "the server's certificate changed (now {fingerprint}, trusted {trusted}): \
                 someone may be between this computer and the server; ask its operator"
            ),
            TlsError::Other(e) => f.write_str(e),
        }
    }
}

/// A certificate's SHA-256 fingerprint as people compare them: `AB:01:...`.
pub fn fingerprint(der: &[u8]) -> String {
    Sha256::digest(der)
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(":")
}

/// ring, as the server uses: no cmake or assembler tool to build. rustls 0.23.48 marks it
/// deprecated for lacking post-quantum key exchange, which only aws-lc-rs offers.
#[allow(deprecated)]
fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// The system's authorities, read once per connection (a few milliseconds).
fn system_roots() -> RootCertStore {
    let mut roots = RootCertStore::empty();
    // Unreadable entries are skipped: the rest still serve.
    for cert in rustls_native_certs::load_native_certs().certs {
        let _ = roots.add(cert);
    }
    roots
}

/// Verifies by the authorities, else by the fingerprint trusted for this server; notes
/// the fingerprint it saw either way.
#[derive(Debug)]
struct Verifier {
    authorities: Option<Arc<WebPkiServerVerifier>>,
    trusted: Option<String>,
    seen: Arc<Mutex<Option<String>>>,
    algorithms: WebPkiSupportedAlgorithms,
}

impl ServerCertVerifier for Verifier {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let fp = fingerprint(end_entity);
        *self.seen.lock().expect("never poisoned") = Some(fp.clone());
        if self.trusted.as_deref() == Some(fp.as_str()) {
            return Ok(ServerCertVerified::assertion());
        }
        match &self.authorities {
            Some(v) => v.verify_server_cert(end_entity, intermediates, server_name, ocsp, now),
            None => Err(rustls::Error::InvalidCertificate(
                rustls::CertificateError::UnknownIssuer,
            )),
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.algorithms.supported_schemes()
    }
}

/// A connection, plain or TLS.
pub enum Stream {
    Plain(TcpStream),
    Tls(Box<rustls::StreamOwned<ClientConnection, TcpStream>>),
}

impl Stream {
    pub fn tcp(&self) -> &TcpStream {
        match self {
            Stream::Plain(s) => s,
            Stream::Tls(t) => &t.sock,
        }
    }
}

impl Read for Stream {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match self {
            Stream::Plain(s) => s.read(buf),
            Stream::Tls(t) => t.read(buf),
        }
    }
}

impl Write for Stream {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Stream::Plain(s) => s.write(buf),
            Stream::Tls(t) => t.write(buf),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Stream::Plain(s) => s.flush(),
            Stream::Tls(t) => t.flush(),
        }
    }
}

/// The TLS handshake over `sock` with the server `host`, `trusted` the fingerprint the
/// player trusted for it before, if any. Done before returning, so a certificate that is
/// not accepted is said now, with its fingerprint.
pub fn handshake(sock: TcpStream, host: &str, trusted: Option<&str>) -> Result<Stream, TlsError> {
    let provider = provider();
    let roots = system_roots();
    let authorities = (!roots.is_empty())
        .then(|| {
            WebPkiServerVerifier::builder_with_provider(Arc::new(roots), provider.clone())
                .build()
                .ok()
        })
        .flatten();
    let seen = Arc::new(Mutex::new(None));
    let verifier = Verifier {
        authorities,
        trusted: trusted.map(str::to_string),
        seen: seen.clone(),
        algorithms: provider.signature_verification_algorithms,
    };
    let config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| TlsError::Other(e.to_string()))?
        .dangerous()
        .with_custom_certificate_verifier(Arc::new(verifier))
        .with_no_client_auth();
    let name = ServerName::try_from(host.to_string())
        .map_err(|e| TlsError::Other(format!("{host}: {e}")))?;
    let mut conn = ClientConnection::new(Arc::new(config), name)
        .map_err(|e| TlsError::Other(e.to_string()))?;
    let mut sock = sock;
    while conn.is_handshaking() {
        if let Err(e) = conn.complete_io(&mut sock) {
            let fp = seen.lock().expect("never poisoned").clone();
            let certificate = e
                .get_ref()
                .and_then(|i| i.downcast_ref::<rustls::Error>())
                .is_some_and(|r| matches!(r, rustls::Error::InvalidCertificate(_)));
            return Err(match (fp, certificate) {
                (Some(fingerprint), true) => match trusted {
                    Some(t) if t != fingerprint => TlsError::Changed {
                        fingerprint,
                        trusted: t.to_string(),
                    },
                    _ => TlsError::Unknown { fingerprint },
                },
                _ => TlsError::Other(format!("the TLS handshake with {host} failed: {e}")),
            });
        }
    }
    Ok(Stream::Tls(Box::new(rustls::StreamOwned::new(conn, sock))))
}
