"""Test models of the ONNX frontend, written at build time by a make_*models.py script."""

def onnx_test_models(name, script, models, extra_outs = []):
    """Runs `script` (which imports model_utils.py) to write models/<m>.onnx for each of `models`.

    Args:
      name: the genrule's name.
      script: the generator script; it must write exactly the declared outputs.
      models: the model names the script writes.
      extra_outs: other files the script writes into models/ (e.g. external data).
    """
    native.genrule(
        name = name,
        srcs = [script, "model_utils.py"],
        outs = ["models/%s.onnx" % m for m in models] + ["models/" + f for f in extra_outs],
        cmd = "PYTHONPATH=$$(dirname $(location model_utils.py)) /usr/bin/python3 " +
              "$(location %s) $(RULEDIR)/models" % script,
    )
