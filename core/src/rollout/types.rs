//! The objects this area reads are the one model's (`crate::api`): the Shoot and the Seed's Worker.

pub use crate::api::*;
