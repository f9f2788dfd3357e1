"""Import stub for the ComfyUI conformance harness, used only where torchsde cannot be installed.

ComfyUI imports torchsde at start for its SDE samplers' Brownian noise. The harness runs model-free stand-in
graphs, which sample nothing, so nothing here is ever called; if something does call it, it says why it fails.
"""


class BrownianTree:
    def __init__(self, *args, **kwargs):
        raise RuntimeError("torchsde is an import stub in the ComfyUI conformance harness: SDE samplers cannot run here")


BrownianInterval = BrownianTree
