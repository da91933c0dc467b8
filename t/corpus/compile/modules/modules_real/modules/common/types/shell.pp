type Common::Shell = Enum['/bin/bash', '/bin/sh', '/usr/bin/zsh', '/usr/sbin/nologin']
