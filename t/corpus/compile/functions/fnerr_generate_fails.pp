generate('/bin/sh', '-c', 'echo out; echo bad >&2; exit 3')
