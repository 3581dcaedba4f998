//! Draws the flat 2D piece icons: `white-<kind>.png` and `black-<kind>.png` for every
//! kind, 128 x 128 RGBA on a transparent background, kinds named by `Shape::name`.
//!
//! Usage: `flat-icons [OUT_DIR] [--sheet SHEET.png]` (OUT_DIR defaults to the repository's
//! `assets/pieces/flat`). Deterministic: the same code always writes the same bytes.

use timefork_pieces as shapes;

mod icons;
mod render;
mod sdf;

use std::path::PathBuf;

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let mut out: Option<PathBuf> = None;
    let mut sheet: Option<PathBuf> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--sheet" => {
                let p = args.next().ok_or("--sheet needs a file name")?;
                sheet = Some(PathBuf::from(p));
            }
            s if s.starts_with('-') => return Err(format!("unknown option {s}")),
            s => out = Some(PathBuf::from(s)),
        }
    }
    let out = out.unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/pieces/flat")
    });
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut drawn = Vec::new();
    for shape in shapes::Shape::ALL {
        let icon = icons::icon(shape);
        for side in [render::Side::White, render::Side::Black] {
            let img = render::draw(&icon, side, render::SIZE);
            let path = out.join(format!("{}-{}.png", side.name(), shape.name()));
            render::save(&path, &img)?;
            drawn.push((shape, side, img));
        }
    }
    if let Some(path) = sheet {
        render::save(&path, &render::sheet(&drawn))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::render::{SIZE, Side, draw, shrink};
    use crate::shapes::Shape;
    use crate::{icons, render};

    fn lum(p: [f32; 4]) -> f32 {
        0.3 * p[0] + 0.59 * p[1] + 0.11 * p[2]
    }

    #[test]
    fn every_icon_keeps_a_transparent_margin() {
        // Nothing, not even a black piece's rim, may touch the edge: a texture's edge
        // pixels bleed into its neighbours when it is filtered.
        for s in Shape::ALL {
            for side in [Side::White, Side::Black] {
                let img = draw(&icons::icon(s), side, SIZE);
                for i in 0..SIZE {
                    for (x, y) in [(i, 0), (i, SIZE - 1), (0, i), (SIZE - 1, i)] {
                        let a = img.rgba[y * SIZE + x][3];
                        assert_eq!(a, 0.0, "{side:?} {s:?} touches the edge at ({x}, {y})");
                    }
                }
            }
        }
    }

    #[test]
    fn white_has_a_dark_outline_and_black_a_light_rim() {
        // Across the row at y = 30 (design units, the body of every piece), the first
        // solid pixel from the left is the outline: dark round a white piece, light
        // round a black one; the middle of the row is the body: light, or dark.
        let row = ((100.0 - 30.0) / 100.0 * SIZE as f32) as usize;
        for s in Shape::ALL {
            for side in [Side::White, Side::Black] {
                let img = draw(&icons::icon(s), side, SIZE);
                let line = &img.rgba[row * SIZE..(row + 1) * SIZE];
                let edge = line
                    .iter()
                    .find(|p| p[3] > 0.99)
                    .expect("the row crosses the piece");
                let body = line[SIZE / 2];
                assert_eq!(body[3], 1.0, "{side:?} {s:?} has no body mid-row");
                match side {
                    Side::White => {
                        assert!(lum(*edge) < 0.2, "{s:?} edge {edge:?}");
                        assert!(lum(body) > 0.8, "{s:?} body {body:?}");
                    }
                    Side::Black => {
                        assert!(lum(*edge) > 0.8, "{s:?} rim {edge:?}");
                        assert!(lum(body) < 0.25, "{s:?} body {body:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn every_icon_is_distinct_at_16_px() {
        // The solid pixels of each kind at 16 px (as the texture's 16 px mip level shows
        // them) differ from every other kind's in at least three places.
        let masks: Vec<(Shape, Vec<bool>)> = Shape::ALL
            .iter()
            .map(|&s| {
                let img = shrink(&draw(&icons::icon(s), Side::Black, SIZE), SIZE / 16);
                (s, img.rgba.iter().map(|p| p[3] > 0.5).collect())
            })
            .collect();
        for (i, (a, ma)) in masks.iter().enumerate() {
            for (b, mb) in &masks[i + 1..] {
                let d = ma.iter().zip(mb).filter(|(x, y)| x != y).count();
                assert!(d >= 3, "{a:?} and {b:?} differ in {d} pixels at 16 px");
            }
        }
    }

    #[test]
    fn committed_icons_are_what_the_code_draws() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/pieces/flat");
        for s in Shape::ALL {
            for side in [Side::White, Side::Black] {
                let path = dir.join(format!("{}-{}.png", side.name(), s.name()));
                let file = std::fs::File::open(&path)
                    .unwrap_or_else(|e| panic!("{}: {e}; run the generator", path.display()));
                let mut reader = png::Decoder::new(std::io::BufReader::new(file))
                    .read_info()
                    .expect("a PNG");
                let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
                let info = reader.next_frame(&mut buf).expect("a frame");
                assert_eq!((info.width, info.height), (SIZE as u32, SIZE as u32));
                assert_eq!(info.color_type, png::ColorType::Rgba);
                let want = render::bytes(&draw(&icons::icon(s), side, SIZE));
                let off = buf[..info.buffer_size()]
                    .iter()
                    .zip(&want)
                    .filter(|(a, b)| a.abs_diff(**b) > 1)
                    .count();
                assert_eq!(off, 0, "{} is stale; run the generator", path.display());
            }
        }
    }
}
