//! What the headless tests share: moving between screens, waiting for background work,
//! and keys as the window sends them. Each test file uses what it needs.
#![allow(dead_code)]

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::prelude::*;
use std::time::Duration;
use timefork::screens::Screen;

/// Goes to a screen (its `OnEnter` systems run in the second frame).
pub fn go(app: &mut App, s: Screen) {
    app.world_mut().resource_mut::<NextState<Screen>>().set(s);
    app.update();
    app.update();
}

/// Runs frames until `done` (searches think on their own threads), at most a minute.
#[track_caller]
pub fn run_until(app: &mut App, mut done: impl FnMut(&App) -> bool) {
    let start = std::time::Instant::now();
    while !done(app) {
        assert!(start.elapsed() < Duration::from_secs(60), "waited in vain");
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// A key going down or up, as the window sends it (read on the next update).
pub fn key(app: &mut App, code: KeyCode, state: ButtonState) {
    app.world_mut().write_message(KeyboardInput {
        key_code: code,
        logical_key: Key::Unidentified(NativeKey::Unidentified),
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
}

/// A key pressed and released, a frame each, and a frame for what it asked.
pub fn tap(app: &mut App, code: KeyCode) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        key(app, code, state);
        app.update();
    }
    app.update();
}
