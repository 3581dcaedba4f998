//! The window's icon (`assets/icon.png`, the same picture the packages carry). winit's
//! windows live on the main thread, so this runs there, once the window exists.

use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, set_icon);
}

fn set_icon(_main_thread: NonSendMarker, mut done: Local<bool>) {
    if *done {
        return;
    }
    let Some(png) = crate::embedded::bytes("icon.png") else {
        *done = true;
        return;
    };
    let icon = (|| {
        let img = image_rgba(png)?;
        winit::window::Icon::from_rgba(img.0, img.1, img.2).ok()
    })();
    bevy::winit::WINIT_WINDOWS.with_borrow(|windows| {
        for w in windows.windows.values() {
            w.set_window_icon(icon.clone());
            *done = true;
        }
    });
}

/// RGBA pixels, width and height of a PNG.
fn image_rgba(png: &[u8]) -> Option<(Vec<u8>, u32, u32)> {
    let img = bevy::image::Image::from_buffer(
        png,
        bevy::image::ImageType::Extension("png"),
        bevy::image::CompressedImageFormats::NONE,
        true,
        bevy::image::ImageSampler::Default,
        bevy::asset::RenderAssetUsages::MAIN_WORLD,
    )
    .ok()?
    .try_into_dynamic()
    .ok()?
    .to_rgba8();
    let (w, h) = img.dimensions();
    Some((img.into_raw(), w, h))
}
