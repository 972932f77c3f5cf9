//! Every game the engine knows, by protocol id.
