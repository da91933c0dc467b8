notice(lookup('ports', Hash[String, Integer]))
