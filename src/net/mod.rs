pub mod service;
pub mod ssh;
pub mod term;
