if '' { notify { 'empty string': } }
if 0 { notify { 'zero': } }
if [] { notify { 'empty array': } }
if {} { notify { 'empty hash': } }
if undef { notify { 'undef': } }
if 'false' { notify { 'string false': } }
if false { notify { 'false': } }
