//! No code: this crate only turns features on (see its Cargo.toml).
