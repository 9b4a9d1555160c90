//! Chogo's stand-in for [`inventory`](https://crates.io/crates/inventory) 0.3: the same
//! macros and iterator, but nothing is ever collected.
//!
//! Bevy's crates depend on `bevy_reflect` with its default features, and those include
//! `auto_register_inventory`: every `#[derive(Reflect)]` type in Bevy submits a
//! registration function with `inventory::submit!`. Each submission is a constructor the
//! linker must keep, and with it the type's whole reflection and serde registration code,
//! although only `bevy_app`'s `reflect_auto_register` feature ever reads the list, and
//! Chogo builds Bevy without it (Chogo uses no reflection: no scenes, no inspector).
//! In the browser build that dead registration code was a large part of the download.
//!
//! `submit!` therefore expands to nothing, `collect!` declares the collection and
//! `iter::<T>` yields nothing. The only reader, `TypeRegistry::register_derived_types`,
//! is called only with `bevy_app/reflect_auto_register`, which Chogo's Bevy features
//! leave off.

#![no_std]

use core::marker::PhantomData;

/// Types that `collect!` declared as a collection.
pub trait Collect: Sync + Sized + 'static {}

/// Declares `$ty` as a collection (it stays empty).
#[macro_export]
macro_rules! collect {
    ($ty:ty) => {
        impl $crate::Collect for $ty {}
    };
}

/// Would enter a value into its collection; here it expands to nothing, so the value's
/// code is never linked.
#[macro_export]
macro_rules! submit {
    ($($value:tt)*) => {};
}

/// `inventory::iter::<T>` — iterating a collection, always empty here. Like the real
/// crate, `iter` is both a type and a value (an enum with a variant named after it).
#[allow(non_camel_case_types)]
pub type iter<T> = private::iter<T>;

mod private {
    #[allow(non_camel_case_types)]
    pub enum iter<T> {
        __Phantom(core::marker::PhantomData<T>, Never),
        iter,
    }

    pub enum Never {}

    pub use crate::value_iter::*;
}

mod value_iter {
    pub use crate::private::iter::iter;
}

// The value `iter` (the type is the alias above, which shadows the glob).
#[doc(hidden)]
pub use crate::private::*;

/// The iterator of an (always empty) collection.
pub struct Iter<T: 'static>(PhantomData<&'static T>);

impl<T: Collect> IntoIterator for iter<T> {
    type Item = &'static T;
    type IntoIter = Iter<T>;

    fn into_iter(self) -> Iter<T> {
        Iter(PhantomData)
    }
}

impl<T: 'static> Iterator for Iter<T> {
    type Item = &'static T;

    fn next(&mut self) -> Option<&'static T> {
        None
    }
}
