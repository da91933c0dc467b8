include ntp
include web
include nodata
notify { 'direct': message => lookup('ntp::servers') }
notify { 'not qualified': message => lookup('servers', undef, undef, 'module data holds only module keys') }
