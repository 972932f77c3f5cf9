//! Opens the files a user names (boards, layouts, configs, save files, openings), the one way
//! every reader and writer of them goes: what is not a regular file (a FIFO, a device, a
//! folder) is refused before it is opened, an open never waits, and a file read whole is
//! bounded: a file given by mistake (`/dev/zero`, a FIFO nobody writes) is an error, not a
//! gigabyte read or a wait that `quit` cannot end.

use std::fs::{File, Metadata, OpenOptions};
use std::io::{Error, ErrorKind, Read};
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::Path;

/// The largest file read whole: far above any board or config, far below the memory.
pub const MAX_FILE: u64 = 1 << 20;

/// An error unless `meta` is a regular file's, naming what it is instead.
fn regular(meta: &Metadata) -> std::io::Result<()> {
    let kind = meta.file_type();
    let what = if kind.is_file() {
        return Ok(());
    } else if kind.is_dir() {
        "a folder"
    } else if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "a device"
    };
    Err(Error::new(
        ErrorKind::InvalidInput,
        format!("not a regular file but {what}"),
    ))
}

/// Opens a file a user named, to read it.
pub fn open(path: &Path) -> std::io::Result<File> {
    regular(&std::fs::metadata(path)?)?;
    checked_open(path, OpenOptions::new().read(true))
}

/// Creates or truncates a file a user named, to write it; an existing path must be a regular
/// file.
pub fn create(path: &Path) -> std::io::Result<File> {
    match std::fs::metadata(path) {
        Ok(meta) => regular(&meta)?,
        Err(e) if e.kind() == ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    checked_open(
        path,
        OpenOptions::new().write(true).create(true).truncate(true),
    )
}

/// Opens `path` without waiting (a FIFO put in place of the file after the first look fails
/// or is opened at once) and looks again at what was opened.
fn checked_open(path: &Path, options: &mut OpenOptions) -> std::io::Result<File> {
    let file = options.custom_flags(libc::O_NONBLOCK).open(path)?;
    regular(&file.metadata()?)?;
    Ok(file)
}

/// The bytes of `path`, or an error when it holds more than [`MAX_FILE`] bytes.
pub fn read_bounded(path: &Path) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    open(path)?.take(MAX_FILE + 1).read_to_end(&mut bytes)?;
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
    fn what_is_not_a_regular_file_is_refused_and_a_small_one_is_read() {
        for (path, what) in [
            ("/dev/zero", "a device"),
            ("/tmp", "a folder"),
            ("/dev/null", "a device"),
        ] {
            let err = read_bounded(Path::new(path)).unwrap_err();
            assert_eq!(err.to_string(), format!("not a regular file but {what}"));
            assert!(create(Path::new(path)).is_err());
        }
        let dir = std::env::temp_dir().join(format!("tabula-files-{}", std::process::id()));
        std::fs::write(&dir, "abc").unwrap();
        assert_eq!(read_text(&dir).unwrap(), "abc");
        std::fs::write(&dir, b"\xff").unwrap();
        assert!(read_text(&dir).is_err());
        std::fs::remove_file(&dir).unwrap();
    }

    /// Before, opening a FIFO waited for a writer that never came (issue 40, fault 5).
    #[test]
    fn a_fifo_is_refused_without_waiting_for_a_writer() {
        let fifo = std::env::temp_dir().join(format!("tabula-fifo-{}", std::process::id()));
        let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: `name` is a NUL-terminated path that lives across the call.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        let read = read_bounded(&fifo).unwrap_err();
        let write = create(&fifo).unwrap_err();
        std::fs::remove_file(&fifo).unwrap();
        assert_eq!(read.to_string(), "not a regular file but a FIFO");
        assert_eq!(write.to_string(), "not a regular file but a FIFO");
    }

    #[test]
    fn a_file_is_created_or_truncated() {
        let path = std::env::temp_dir().join(format!("tabula-create-{}", std::process::id()));
        std::fs::write(&path, "old text").unwrap();
        std::io::Write::write_all(&mut create(&path).unwrap(), b"new").unwrap();
        assert_eq!(read_text(&path).unwrap(), "new");
        std::fs::remove_file(&path).unwrap();
    }
}
