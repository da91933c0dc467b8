# manifests/sub/a.pp comes after site.pp ("site.pp" < "sub/a.pp")
include base
notify { 'sub': }
