pub mod keys;
pub mod term;
