//! PGN reading and writing (placeholder: being written).
