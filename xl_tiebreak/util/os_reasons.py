"""Why the operating system refused a file operation, in the language in force.

``OSError.strerror`` is the C library's text, in English whatever language the tool speaks
("No such file or directory"); the usual reasons are said here in words of the catalogue, any
other as the system says it.
"""

from __future__ import annotations

import errno

from xl_tiebreak.i18n import _

__all__ = ["os_reason"]


def os_reason(exc: OSError) -> str:
    """Why ``exc`` happened, for a message (``the file does not exist``; ``o arquivo não
    existe`` in Portuguese)."""
    code = exc.errno
    if code == errno.ENOENT:
        return _("the file does not exist")
    if code in (errno.EACCES, errno.EPERM):
        return _("permission denied")
    if code == errno.EISDIR:
        return _("it is a folder")
    if code == errno.ENOSPC:
        return _("no space left on the disk")
    if code == errno.EROFS:
        return _("the disk is read-only")
    if code == errno.ENAMETOOLONG:
        return _("the name is too long")
    return str(exc.strerror or exc)
