"""Import stub for the ComfyUI conformance harness, used only where torchaudio cannot be installed.

ComfyUI 0.8 saves and loads audio with PyAV; it uses torchaudio for resampling (and the ACE and MMAudio VAEs,
which the stand-in graphs never load). Resampling is implemented here with linear interpolation, enough for
the harness's silence; a GPU worker installs the real torchaudio.
"""
from . import functional  # noqa: F401

__version__ = "0.0.0+harness-stub"
