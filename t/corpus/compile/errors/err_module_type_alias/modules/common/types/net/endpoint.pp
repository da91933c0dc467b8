type Common::Net::Endpoint = Struct[{ host => String[1], port => Common::Port }]
