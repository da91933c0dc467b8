m::cfg { 'app': settings => { 'port' => 80, 'debug' => false, 'name' => 'x' } }
