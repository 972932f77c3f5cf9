//! What the long match tests share.

/// A numeric setting from the environment, or `default` when unset or unreadable.
pub fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
