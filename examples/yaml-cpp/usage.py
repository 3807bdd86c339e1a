"""yaml-cpp from Python, the way its C++ users use it: load, walk, convert, edit, emit.

    sh examples/yaml-cpp/build.sh && PYTHONPATH=examples/yaml-cpp/out python examples/yaml-cpp/usage.py
"""

import yaml_cpp as YAML

STREAM = """\
# two documents: a service and its deployment
service: web
replicas: 3
ports: [80, 443]
env:
  LOG_LEVEL: debug
  TIMEOUT: 2.5
---
service: worker
replicas: 1
ports: []
env: {}
"""

docs = YAML.LoadAll(STREAM)  # std::vector<Node> -> list of Node
print(f"{len(docs)} documents")
for doc in docs:
    name = doc["service"].as_str()
    replicas = doc["replicas"].as_int()
    ports = [p.as_int() for p in doc["ports"]]  # iterate a sequence
    env = {k.as_str(): v.as_str() for k, v in doc["env"]}  # iterate a map: (key, value)
    print(f"  {name}: replicas={replicas} ports={ports} env={env}")

# Edit: change values, add keys and items, build nested structure, then emit.
web = docs[0]
web["replicas"] = web["replicas"].as_int() + 1
web["ports"].push_back(8080)
web["env"]["TIMEOUT"] = web["env"]["TIMEOUT"].as_float() * 2
web["labels"] = {"tier": "frontend", "canary": False}
web["owners"] = YAML.Node(YAML.NodeType.Sequence)
web["owners"].push_back("ops")
text = YAML.Dump(web)
print(text)

# Round trip: the emitted text loads back to the same values.
again = YAML.Load(text)
assert again["replicas"].as_int() == 4
assert [p.as_int() for p in again["ports"]] == [80, 443, 8080]
assert again["labels"]["canary"].as_bool() is False
assert again["env"]["TIMEOUT"].as_float() == 5.0

# Missing keys: an undefined node, falsy, as in `if (node["key"])` in C++.
if not web["missing"]:
    print("no 'missing' key")

# yaml-cpp's exceptions are Python exceptions, with yaml-cpp's own message.
try:
    YAML.Load("key: [unclosed")
except YAML.ParserException as e:
    print(f"ParserException: {e.msg} ({e})")
try:
    YAML.Load("replicas: many")["replicas"].as_int()
except YAML.BadConversion as e:
    print(f"BadConversion: {e}")
except YAML.Exception:
    raise
