//! The update timeline: a pure view model with its layout ([`model`]), the adapter from the report
//! ([`adapter`]) and the SVG component ([`view`]).

pub mod adapter;
pub mod model;
pub mod view;
