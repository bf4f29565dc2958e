//! The clock (Art. 6).
