//! Shared by the integration tests: the conformance games (see
//! `data/conformance/README.md` for their source), as (file name, text).

pub const GAMES: &[(&str, &str)] = &[
    (
        "100_timelines.5dpgn",
        include_str!("../data/conformance/100_timelines.5dpgn"),
    ),
    (
        "JustKings.5dpgn",
        include_str!("../data/conformance/JustKings.5dpgn"),
    ),
    ("NP.5dpgn", include_str!("../data/conformance/NP.5dpgn")),
    ("NP0.5dpgn", include_str!("../data/conformance/NP0.5dpgn")),
    (
        "another.5dpgn",
        include_str!("../data/conformance/another.5dpgn"),
    ),
    (
        "chessin5d-illegal-move-example.5dpgn",
        include_str!("../data/conformance/chessin5d-illegal-move-example.5dpgn"),
    ),
    ("ctp1.5dpgn", include_str!("../data/conformance/ctp1.5dpgn")),
    ("ctp2.5dpgn", include_str!("../data/conformance/ctp2.5dpgn")),
    (
        "exiledKings.5dpgn",
        include_str!("../data/conformance/exiledKings.5dpgn"),
    ),
    (
        "futures.5dpgn",
        include_str!("../data/conformance/futures.5dpgn"),
    ),
    (
        "many2.5dpgn",
        include_str!("../data/conformance/many2.5dpgn"),
    ),
    (
        "manyChecks.5dpgn",
        include_str!("../data/conformance/manyChecks.5dpgn"),
    ),
    (
        "niceAndrey.5dpgn",
        include_str!("../data/conformance/niceAndrey.5dpgn"),
    ),
    (
        "silly.5dpgn",
        include_str!("../data/conformance/silly.5dpgn"),
    ),
    (
        "small.5dpgn",
        include_str!("../data/conformance/small.5dpgn"),
    ),
    (
        "smallTest.5dpgn",
        include_str!("../data/conformance/smallTest.5dpgn"),
    ),
    (
        "standard.5dpgn",
        include_str!("../data/conformance/standard.5dpgn"),
    ),
    (
        "tesseractMageOChicken.5dpgn",
        include_str!("../data/conformance/tesseractMageOChicken.5dpgn"),
    ),
    (
        "test1.5dpgn",
        include_str!("../data/conformance/test1.5dpgn"),
    ),
    ("wide.5dpgn", include_str!("../data/conformance/wide.5dpgn")),
];
