"""Installs ComfyUI's requirements into the harness's virtual environment, as far as this machine allows.

First the whole requirements file, as ComfyUI's README says. Where that fails (no CPU build of a package in
reach, a CUDA-only dependency), each requirement on its own; a package whose own dependencies cannot all be
found is installed without them, and then each dependency on its own. What could not be installed is written to
install-report.json; start.sh puts an import stub (stubs/) in place of a module ComfyUI imports at start only
when the module is really missing, and says which.

    python install.py <ComfyUI folder> <report file>
"""
import json
import re
import subprocess
import sys
from importlib import metadata

# served without: the web front end (the harness serves an empty folder), the optional extras
# imported at start without being listed (app/frontend_management.py); a full install brings it through other packages
UNLISTED = ["requests"]
OPTIONAL = {"comfyui-frontend-package", "comfyui-workflow-templates", "comfyui-embedded-docs", "comfy-kitchen", "kornia", "spandrel"}


def pip(*args):
    return subprocess.run([sys.executable, "-m", "pip", "install", "--disable-pip-version-check", "-q", *args], capture_output=True, text=True)


def name_of(requirement):
    return re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0].strip().lower()


def install_one(requirement, report):
    if pip(requirement).returncode == 0:
        report["installed"].append(requirement)
        return
    if pip("--no-deps", requirement).returncode != 0:
        report["missing"].append(requirement)
        return
    report["installed_without_dependencies"].append(requirement)
    for dependency in metadata.requires(name_of(requirement)) or []:
        if "extra ==" in dependency:
            continue
        if pip(dependency.split(";")[0]).returncode != 0 and pip("--no-deps", dependency.split(";")[0]).returncode != 0:
            report["missing"].append(f"{dependency.split(';')[0]} (for {name_of(requirement)})")


def torch_works():
    check = "import torch, torchvision, torchvision.ops; torchvision.ops.nms(torch.rand(2, 4), torch.rand(2), 0.5)"
    return subprocess.run([sys.executable, "-c", check], capture_output=True).returncode == 0


def pair_torch(report):
    """The resolver can pair a torch with a torchvision built for another torch (a CPU-only torch from one index,
    torchvision from another): then take the newest torchvision and the exact torch it names, each on its own."""
    pip("--no-deps", "--upgrade", "torchvision")
    wanted = [r.split(";")[0] for r in metadata.requires("torchvision") or [] if name_of(r) == "torch"]
    for requirement in wanted:
        subprocess.run([sys.executable, "-m", "pip", "uninstall", "-y", "-q", "torch"], capture_output=True)
        install_one(requirement, report)
    report["torch_paired"] = f"torch {metadata.version('torch')} with torchvision {metadata.version('torchvision')}"


def main():
    folder, out = sys.argv[1], sys.argv[2]
    report = {"installed": [], "installed_without_dependencies": [], "missing": [], "optional_missing": []}
    requirements = [line.strip() for line in open(f"{folder}/requirements.txt") if line.strip() and not line.startswith("#")]
    if pip("-r", f"{folder}/requirements.txt").returncode == 0:
        report["installed"] = requirements
    else:
        # torch first: the others pin against it
        for requirement in sorted(requirements, key=lambda r: name_of(r) not in ("torch", "torchvision")):
            if name_of(requirement) in OPTIONAL:
                if pip(requirement).returncode != 0:
                    report["optional_missing"].append(requirement)
                continue
            install_one(requirement, report)
    for requirement in UNLISTED:
        install_one(requirement, report)
    if not torch_works():
        pair_torch(report)
    report["torch_works"] = torch_works()
    json.dump(report, open(out, "w"), indent=2)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
