type Mymod::Endpoint = Struct[{ host => String[1], port => Mymod::Port, Optional[backup] => Optional[Mymod::Port] }]
