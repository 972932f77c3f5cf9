//! Reads the files a user names (boards, layouts, configs) with a bound on memory: a file
//! given by mistake (`/dev/zero`, a disk image) is an error, not a gigabyte read.

use std::io::{Error, ErrorKind, Read};
use std::path::Path;

/// The largest file read whole: far above any board or config, far below the memory.
pub const MAX_FILE: u64 = 1 << 20;

/// The bytes of `path`, or an error when it holds more than [`MAX_FILE`] bytes.
pub fn read_bounded(path: &Path) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(MAX_FILE + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(Error::new(
            ErrorKind::InvalidData,
            format!("the file is larger than the limit of {MAX_FILE} bytes"),
        ));
    }
    Ok(bytes)
}

/// [`read_bounded`] as UTF-8 text.
pub fn read_text(path: &Path) -> std::io::Result<String> {
    String::from_utf8(read_bounded(path)?)
        .map_err(|_| Error::new(ErrorKind::InvalidData, "the file is not UTF-8 text"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_file_is_an_error_and_a_small_one_is_read() {
        let err = read_bounded(Path::new("/dev/zero")).unwrap_err();
        assert!(err.to_string().contains("larger than the limit"), "{err}");
        let dir = std::env::temp_dir().join(format!("tabula-files-{}", std::process::id()));
        std::fs::write(&dir, "abc").unwrap();
        assert_eq!(read_text(&dir).unwrap(), "abc");
        std::fs::write(&dir, b"\xff").unwrap();
        assert!(read_text(&dir).is_err());
        std::fs::remove_file(&dir).unwrap();
    }
}
