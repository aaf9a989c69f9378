"""One writer per file: an advisory lock that says a game (or the practice history) is open.

Two Nile windows on one home that both continued the same game used to write the same
autosave in turn, each over the other's moves. Now the window that opens a game holds a
lock on a small file beside its autosave (`.<name>.json.owner`, hidden from the saves
lists); a second window finds it held and offers a copy instead (`nile.ui.chrome.dialogs`).

The lock is the operating system's (`fcntl.flock`, `msvcrt.locking` on Windows), not a
process id in a file: it is dropped when its holder ends in any way, a crash or kill -9
included, so a dead window never blocks a game. `flock` also refuses a second hold from the
same process, so two scenes of one app cannot both own a game. Where no lock can be taken
(a read-only folder, a file system without locks) the game opens unowned, as before: the
autosave's own trouble message then tells the player what the disk refuses.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

SUFFIX = ".owner"
_BUSY = {errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK, errno.EDEADLK}
"""What a lock already held answers, depending on the system."""

if sys.platform == "win32":
    import msvcrt

    def _lock_now(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
else:
    import fcntl

    def _lock_now(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def owner_path(path: Path) -> Path:
    """The lock file beside `path` (a dot file: the saves lists never show it)."""
    return path.with_name(f".{path.name}{SUFFIX}")


def _try_lock(fd: int) -> bool:
    """Take the lock without waiting; False if another holder has it."""
    try:
        _lock_now(fd)
    except OSError as error:
        if isinstance(error, BlockingIOError | PermissionError) or error.errno in _BUSY:
            return False
        raise
    return True


def _still_there(fd: int, path: Path) -> bool:
    """Whether `path` is still the file `fd` has locked (its last holder may have removed
    it between our open and our lock: a lock on a removed file guards nothing)."""
    try:
        here, there = os.fstat(fd), os.stat(path)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


class Claim:
    """This process holds `path`: release it when the game closes (the OS does at exit)."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self._fd = fd

    @property
    def held(self) -> bool:
        """False for a game opened unowned (no lock could be taken here)."""
        return self._fd is not None

    def release(self) -> None:
        """Remove the lock file, then let go of the lock (in this order, so a window
        waiting on the old file sees it is gone and makes a new one)."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            if _still_there(fd, self.path):
                self.path.unlink()
        with contextlib.suppress(OSError):
            os.close(fd)

    def __del__(self) -> None:  # a claim dropped without release must not keep the fd
        self.release()


def claim(path: Path) -> Claim | None:
    """Take ownership of `path` (an autosave, the practice history); None if another
    window (another process, or another scene of this one) holds it now."""
    lock = owner_path(path)
    for _ in range(5):  # the holder may remove the file while we open it: try again
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            return Claim(lock, None)  # no lock can be had here: open unowned
        try:
            taken = _try_lock(fd)
        except OSError:
            os.close(fd)
            return Claim(lock, None)
        if not taken:
            os.close(fd)
            return None
        if _still_there(fd, lock):
            with contextlib.suppress(OSError):  # who holds it, for a person looking
                os.ftruncate(fd, 0)
                os.write(fd, f"{os.getpid()}\n".encode())
            return Claim(lock, fd)
        os.close(fd)
    return None


def held_elsewhere(path: Path) -> bool:
    """Whether another window holds `path` now (a look: nothing is kept)."""
    found = claim(path)
    if found is None:
        return True
    found.release()
    return False


@contextlib.contextmanager
def exclusive(path: Path, wait: float = 5.0) -> Iterator[None]:
    """Hold `path` for a short read-merge-write, waiting up to `wait` seconds for another
    window's write to end; TimeoutError (an OSError, reported as a failed save) if it
    does not."""
    deadline = time.monotonic() + wait
    while True:
        held = claim(path)
        if held is not None:
            break
        if time.monotonic() >= deadline:
            raise TimeoutError("another Nile window is writing it")
        time.sleep(0.02)
    try:
        yield
    finally:
        held.release()
