//! The folder of the game's files: the platform's data folder on the desktop, the page's
//! localStorage in the browser. Files are always written whole.

#[cfg(not(target_arch = "wasm32"))]
use std::fs;
use std::io;
#[cfg(not(target_arch = "wasm32"))]
use std::io::Write as _;
use std::path::{Path, PathBuf};

use super::dates::{now_unix, timestamp};

/// A folder of the game's files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    pub fn at(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into() }
    }

    /// `$CHOGO_DATA_DIR` when set, else the platform's data folder for Chogo
    /// (`~/.local/share/chogo` on Linux, `~/Library/Application Support/org.chogo.Chogo`
    /// on macOS, `%APPDATA%\chogo\Chogo\data` on Windows).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn default_dir() -> Option<PathBuf> {
        if let Some(dir) = std::env::var_os("CHOGO_DATA_DIR").filter(|d| !d.is_empty()) {
            return Some(PathBuf::from(dir));
        }
        directories::ProjectDirs::from("org", "chogo", "Chogo").map(|d| d.data_dir().to_owned())
    }

    /// In the browser the files are entries of the page's localStorage named `chogo/<name>`.
    #[cfg(target_arch = "wasm32")]
    pub fn default_dir() -> Option<PathBuf> {
        Some(PathBuf::from("chogo"))
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where the files are, for the player.
    pub fn location(&self) -> String {
        if cfg!(target_arch = "wasm32") {
            "this browser's local storage".into()
        } else {
            self.dir.display().to_string()
        }
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// The names of the files in a folder of the store (`records`), newest name last.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn list(&self, folder: &str) -> Vec<String> {
        let Ok(entries) = fs::read_dir(self.path(folder)) else {
            return Vec::new();
        };
        let mut names: Vec<String> = entries
            .filter_map(|e| e.ok())
            .filter(|e| e.path().is_file())
            .map(|e| format!("{folder}/{}", e.file_name().to_string_lossy()))
            .collect();
        names.sort();
        names
    }

    /// The file's text, or `None` when there is no such file.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn read(&self, name: &str) -> io::Result<Option<String>> {
        match fs::read(self.path(name)) {
            Ok(bytes) => String::from_utf8(bytes).map(Some).map_err(|_| {
                io::Error::new(io::ErrorKind::InvalidData, "the file is not UTF-8 text")
            }),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Writes the whole text to `name` atomically: a temporary file in the same folder,
    /// flushed to disk, then renamed over the old file. Returns the file's path.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn write(&self, name: &str, text: &str) -> io::Result<PathBuf> {
        write_atomic(&self.path(name), text)?;
        Ok(self.path(name))
    }

    /// Renames an unreadable file to `<name>.corrupt-<time>` (never over another file) and
    /// returns the new path.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn move_aside(&self, name: &str) -> io::Result<PathBuf> {
        let from = self.path(name);
        let stamp = timestamp(now_unix());
        for n in 0..1000 {
            let suffix = if n == 0 {
                String::new()
            } else {
                format!("-{n}")
            };
            let to = self.path(&format!("{name}.corrupt-{stamp}{suffix}"));
            if !to.exists() {
                fs::rename(&from, &to)?;
                return Ok(to);
            }
        }
        Err(io::Error::other("too many corrupt files set aside already"))
    }
}

/// The browser's side of the store: localStorage, where every write is whole.
#[cfg(target_arch = "wasm32")]
impl Store {
    fn key(&self, name: &str) -> String {
        format!("{}/{name}", self.dir.display())
    }

    fn storage() -> io::Result<web_sys::Storage> {
        web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .ok_or_else(|| io::Error::other("this browser keeps no local storage"))
    }

    pub fn read(&self, name: &str) -> io::Result<Option<String>> {
        Store::storage()?
            .get_item(&self.key(name))
            .map_err(|_| io::Error::other("the browser's storage could not be read"))
    }

    pub fn write(&self, name: &str, text: &str) -> io::Result<PathBuf> {
        Store::storage()?
            .set_item(&self.key(name), text)
            .map_err(|_| {
                io::Error::other("the browser refused to store it (is its storage full?)")
            })?;
        Ok(self.path(name))
    }

    pub fn move_aside(&self, name: &str) -> io::Result<PathBuf> {
        let storage = Store::storage()?;
        let text = self.read(name)?.unwrap_or_default();
        let to = format!("{name}.corrupt-{}", timestamp(now_unix()));
        self.write(&to, &text)?;
        storage
            .remove_item(&self.key(name))
            .map_err(|_| io::Error::other("the browser's storage could not be changed"))?;
        Ok(self.path(&to))
    }

    pub fn list(&self, folder: &str) -> Vec<String> {
        let Ok(storage) = Store::storage() else {
            return Vec::new();
        };
        let prefix = self.key(&format!("{folder}/"));
        let skip = self.key("").len();
        let mut names: Vec<String> = (0..storage.length().unwrap_or(0))
            .filter_map(|i| storage.key(i).ok().flatten())
            .filter(|k| k.starts_with(&prefix))
            .map(|k| k[skip..].to_string())
            .collect();
        names.sort();
        names
    }
}

/// Writes `text` to `path` through a temporary file in the same folder and a rename.
#[cfg(not(target_arch = "wasm32"))]
pub fn write_atomic(path: &Path, text: &str) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = fs::File::create(&temp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        drop(file);
        fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}
