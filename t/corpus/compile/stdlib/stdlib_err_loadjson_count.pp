loadjson()
