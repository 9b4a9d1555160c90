//! The browser's loader for the data files read whole (its Bevy reads no file format of
//! its own): a lesson or puzzle file's text, a figure's picture. Each kind of asset says
//! how it is made from the bytes; the loader is written once for all of them.

use std::marker::PhantomData;

use bevy::asset::io::Reader;
use bevy::asset::{Asset, AssetLoader, LoadContext};
use bevy::prelude::*;

/// An asset made from a whole file's bytes.
pub trait FromBytes: Asset + Sized {
    /// The endings of the files it is read from.
    const EXTENSIONS: &'static [&'static str];
    /// The asset, or why the bytes do not make one.
    fn from_bytes(bytes: Vec<u8>) -> Result<Self, String>;
}

/// Reads a file whole into an asset `A` (a file that does not make one fails to load).
#[derive(TypePath)]
pub struct BytesLoader<A: FromBytes>(PhantomData<fn() -> A>);

impl<A: FromBytes> Default for BytesLoader<A> {
    fn default() -> BytesLoader<A> {
        BytesLoader(PhantomData)
    }
}

impl<A: FromBytes> AssetLoader for BytesLoader<A> {
    type Asset = A;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        _load_context: &mut LoadContext<'_>,
    ) -> Result<A, std::io::Error> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        A::from_bytes(bytes).map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
    }

    fn extensions(&self) -> &[&str] {
        A::EXTENSIONS
    }
}
