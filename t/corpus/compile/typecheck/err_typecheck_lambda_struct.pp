[{ 'a' => 1 }].each |Struct[{ a => String }] $x| { notice($x) }
