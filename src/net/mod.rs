pub mod service;
pub mod term;
