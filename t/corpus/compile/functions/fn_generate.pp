notify { 'echo': message => generate('/bin/echo', 'hello', 'world') }
notify { 'sh': message => generate('/bin/sh', '-c', 'ls sh; echo err >&2; echo $LANG $LC_ALL; echo ${HOME-unset}') }
notify { 'num': message => generate('/bin/echo', 1, true) }
