#!/usr/bin/env bash
# Splits transports/core into modules named for what they hold (issue 32), keeping every Java
# package as it is, so no importer changes:
#
#   support        electbench-support   file I/O and JVM helpers: AtomicOutput, InputFiles, MemoryLimits,
#                                       YoungGeneration, Durations, Seeds
#   core/fault     electbench-fault     the fault model: Fault, FaultPlan, FaultPatterns, NetworkFaults,
#                                       CrashTriggers, chaos/
#   core/scenario  electbench-scenario  the scenario model: Scenario, ScenarioKind, kind/, incident/, the
#                                       network and delay models, RunPlan, RunTiming, Detect, limits
#   core/measure   electbench-measure   ConvergenceMonitor, ElectionResult, MessageCounts, Summary,
#                                       TraceRecorder, metrics/, host/MonitorFeed (the monitor's input)
#   core/params    electbench-params    parameters/
#   core/host      electbench-host      host/, ClusterRuntime, RuntimeProvider, BudgetExceededException;
#                                       core's tests (they span every layer)
#
# Layers, each depending only on those before it: support <- fault <- scenario <- measure, params <- host.
# Files are placed by package folder, then by name; a file of the root package that no rule names
# (added by another branch) goes to core/scenario and is listed, so a misplaced one shows at once
# and the build says which arrow it needs. External dependencies (spi, Agrona, HdrHistogram) of each
# new module come from its sources' imports; each dependent's dependency on electbench-transport-core
# becomes one on each new module its sources import (same scope).
#
# Idempotent: once transports/core is gone it says so and stops. Run from anywhere inside the
# repository, then: mvn -B -o -q install -DskipTests.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
if [ ! -f transports/core/pom.xml ]; then
  echo "split-core.sh: transports/core is already split; nothing to do"
  exit 0
fi
exec python3 - "$@" <<'PY'
import os, re, subprocess, sys, collections

ROOT_PKG = 'org/electbench/transport'
CORE = 'transports/core'
MODULES = [  # (dir, artifactId, name, description, internal deps), in build order
    ('support', 'electbench-support', 'electbench support',
     'File I/O that never leaves a half-written result (AtomicOutput, InputFiles) and JVM concerns (heap, young generation), with seeds and durations.', []),
    ('core/fault', 'electbench-fault', 'electbench core: faults',
     'The fault model: crashes, recoveries, pauses, partitions, loss, their plans and patterns, and the chaos fault kinds.', ['electbench-support']),
    ('core/scenario', 'electbench-scenario', 'electbench core: scenarios',
     'The scenario model: what a run poses (kinds and incidents), its network and delay models, its plan, timing and limits.', ['electbench-fault', 'electbench-support']),
    ('core/measure', 'electbench-measure', 'electbench core: measurement',
     'The convergence monitor, the election result, message counts and the metric declarations every writer reads.', ['electbench-scenario']),
    ('core/params', 'electbench-params', 'electbench core: run parameters',
     'The run parameters: one declaration per setting, for flags, keys and sweeps.', ['electbench-scenario']),
    ('core/host', 'electbench-host', 'electbench core: node host',
     'What every runtime shares to host nodes: the node context, send edges, lifecycles, the cluster runtime.', ['electbench-measure', 'electbench-params']),
]
ARTIFACT = {d: a for d, a, *_ in MODULES}
BY_NAME = {
    'support': {'AtomicOutput', 'InputFiles', 'MemoryLimits', 'YoungGeneration', 'Durations', 'Seeds', 'FileSafety', 'HistogramBounds'},
    'core/fault': {'Fault', 'FaultPlan', 'FaultPatterns', 'NetworkFaults', 'CrashTriggers'},
    'core/measure': {'ConvergenceMonitor', 'ElectionResult', 'MessageCounts', 'Summary', 'TraceRecorder', 'host/MonitorFeed',
                     'AgreementRecorder', 'Beliefs', 'DisturbanceRecorder', 'LivenessRecorder', 'SafetyRecorder', 'TrafficRecorder'},
    'core/host': {'ClusterRuntime', 'RuntimeProvider', 'BudgetExceededException'},
    'core/scenario': {'Scenario', 'ScenarioKind', 'ScenarioLimits', 'ScenarioLimitException', 'DelayDistribution', 'NetworkModel',
                      'Detect', 'RunPlan', 'RunTiming'},
}
BY_FOLDER = {'host': 'core/host', 'parameters': 'core/params', 'metrics': 'core/measure', 'kind': 'core/scenario',
             'incident': 'core/scenario', 'chaos': 'core/fault'}
EXTERNAL = [('org.electbench.spi.', 'org.electbench', 'electbench-spi'), ('org.agrona.', 'org.agrona', 'agrona'),
            ('org.HdrHistogram.', 'org.hdrhistogram', 'HdrHistogram')]

def git(*args):
    return subprocess.run(['git', *args], check=True, capture_output=True, text=True).stdout

def place(rel):  # rel: path under org/electbench/transport, without .java
    for module, names in BY_NAME.items():
        if rel in names:
            return module, False
    folder = rel.split('/')[0] if '/' in rel else None
    if folder in BY_FOLDER:
        return BY_FOLDER[folder], False
    return 'core/scenario', folder is None

main_root = f'{CORE}/src/main/java/{ROOT_PKG}/'
moved = collections.defaultdict(list)
unplaced = []
class_module = {}
for path in git('ls-files', f'{CORE}/src/main/java').split():
    if not path.startswith(main_root) or not path.endswith('.java'):
        continue
    rel = path[len(main_root):-len('.java')]
    module, guessed = place(rel)
    if guessed:
        unplaced.append(rel)
    target = f'{module}/src/main/java/{ROOT_PKG}/{rel}.java'
    os.makedirs(os.path.dirname(target), exist_ok=True)
    git('mv', path, target)
    moved[module].append(target)
    class_module['org.electbench.transport.' + rel.replace('/', '.')] = module

# Everything else under core (tests, resources) goes to the top layer, core/host, as it is.
for path in git('ls-files', CORE).split():
    if path == f'{CORE}/pom.xml':
        continue
    target = 'core/host/' + path[len(CORE) + 1:]
    os.makedirs(os.path.dirname(target), exist_ok=True)
    git('mv', path, target)

def externals(files):
    found = []
    for prefix, group, artifact in EXTERNAL:
        if any(prefix in open(f, encoding='utf-8').read() for f in files):
            found.append((group, artifact))
    return found

POM = '''<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0"
         xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <parent>
    <groupId>org.electbench</groupId>
    <artifactId>electbench-parent</artifactId>
    <version>0.1.0-SNAPSHOT</version>
    <relativePath>{parent}</relativePath>
  </parent>

  <artifactId>{artifact}</artifactId>
  <name>{name}</name>
  <description>{description}</description>

  <dependencies>
{deps}  </dependencies>
</project>
'''
DEP = '''    <dependency>
      <groupId>{group}</groupId>
      <artifactId>{artifact}</artifactId>{scope}
    </dependency>
'''
for module, artifact, name, description, internal in MODULES:
    files = moved.get(module, [])
    if module == 'core/host':
        files = files + [os.path.join(dp, f) for dp, _, fs in os.walk('core/host/src') for f in fs if f.endswith('.java')]
    deps = ''.join(DEP.format(group='org.electbench', artifact=a, scope='') for a in internal)
    deps += ''.join(DEP.format(group=g, artifact=a, scope='') for g, a in externals(files))
    parent = '../../pom.xml' if '/' in module else '../pom.xml'
    os.makedirs(module, exist_ok=True)
    with open(f'{module}/pom.xml', 'w') as out:
        out.write(POM.format(parent=parent, artifact=artifact, name=name, description=description, deps=deps))
    git('add', f'{module}/pom.xml')
git('rm', '-q', f'{CORE}/pom.xml')
if not git('ls-files', CORE).strip():
    subprocess.run(['rm', '-rf', CORE], check=True)   # what is left is build output

# Root pom: the module list and dependencyManagement.
root = open('pom.xml').read()
root = root.replace('    <module>transports/core</module>\n',
                    ''.join(f'    <module>{d}</module>\n' for d, *_ in MODULES))
managed = re.search(r'      <dependency>\s*<groupId>org.electbench</groupId>\s*<artifactId>electbench-transport-core</artifactId>\s*'
                    r'<version>\$\{project.version\}</version>\s*</dependency>\n', root)
if managed:
    root = root.replace(managed.group(0), ''.join(
        '      <dependency>\n        <groupId>org.electbench</groupId>\n        <artifactId>%s</artifactId>\n'
        '        <version>${project.version}</version>\n      </dependency>\n' % a for _, a, *_ in MODULES))
open('pom.xml', 'w').write(root)

# Dependents: one dependency per new module their sources use, in core's scope.
IMPORT = re.compile(r'\bimport\s+(?:static\s+)?(org\.electbench\.transport(?:\.[a-z]\w*)*)\.([A-Z]\w*|\*)')
layer = {a: i for i, (_, a, *_) in enumerate(MODULES)}
for pom in git('ls-files', '*pom.xml').split():
    text = open(pom).read()
    block = re.search(r'( *)<dependency>\s*<groupId>org.electbench</groupId>\s*<artifactId>electbench-transport-core</artifactId>'
                      r'(\s*<scope>(\w+)</scope>)?\s*</dependency>\n', text)
    if not block or pom == 'pom.xml':
        continue
    needed = set()
    src = os.path.join(os.path.dirname(pom), 'src')
    for dp, _, fs in os.walk(src):
        for f in fs:
            if not f.endswith('.java'):
                continue
            code = open(os.path.join(dp, f), encoding='utf-8').read()
            if re.search(r'^package org\.electbench\.transport\b', code, re.M):
                needed.add('core/host')
            for pkg, cls in IMPORT.findall(code):
                if cls == '*':
                    needed |= {m for c, m in class_module.items() if c.rsplit('.', 1)[0] == pkg}
                else:
                    fq = pkg + '.' + cls
                    while fq not in class_module and '.' in fq and fq.rsplit('.', 1)[0] != 'org.electbench':
                        fq = fq.rsplit('.', 1)[0]   # a nested class: Outer.Inner
                    if fq in class_module:
                        needed.add(class_module[fq])
    if not needed:
        needed = {'core/host'}
    artifacts = sorted({ARTIFACT[m] for m in needed}, key=layer.get)
    scope = f'\n{block.group(1)}  <scope>{block.group(3)}</scope>' if block.group(3) else ''
    indent = block.group(1)
    replacement = ''.join(f'{indent}<dependency>\n{indent}  <groupId>org.electbench</groupId>\n'
                          f'{indent}  <artifactId>{a}</artifactId>{scope}\n{indent}</dependency>\n' for a in artifacts)
    open(pom, 'w').write(text.replace(block.group(0), replacement))
    print(f'split-core.sh: {pom}: electbench-transport-core -> {", ".join(artifacts)}')

for module, *_ in MODULES:
    print(f'split-core.sh: {module}: {len(moved.get(module, []))} main files')
if unplaced:
    print('split-core.sh: placed by default in core/scenario (no rule names them): ' + ', '.join(unplaced))
git('add', '-A', 'pom.xml', 'core', 'support')
git('add', '-u')
PY
