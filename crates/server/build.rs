//! Puts the built web app (web/dist) where rust-embed takes it from. Without a built
//! web app, a placeholder page says how to build one, so the API still serves.

use std::path::{Path, PathBuf};
use std::{env, fs, io};

fn copy_tree(from: &Path, to: &Path) -> io::Result<()> {
    fs::create_dir_all(to)?;
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_tree(&entry.path(), &target)?;
        } else {
            fs::copy(entry.path(), target)?;
        }
    }
    Ok(())
}

fn main() -> io::Result<()> {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").map_err(io::Error::other)?);
    let dist = manifest.join("../../web/dist");
    let out = PathBuf::from(env::var("OUT_DIR").map_err(io::Error::other)?).join("webapp");
    println!("cargo:rerun-if-changed={}", dist.display());

    if out.exists() {
        fs::remove_dir_all(&out)?;
    }
    if dist.join("index.html").is_file() {
        copy_tree(&dist, &out)?;
    } else {
        fs::create_dir_all(&out)?;
        fs::write(
            out.join("index.html"),
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Pocketchart</title></head>\
             <body><h1>Pocketchart</h1><p>The web app has not been built into this server. \
             Run <code>make run</code> to build it.</p></body></html>\n",
        )?;
    }
    Ok(())
}
