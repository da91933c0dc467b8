hiera_include('missing', undef)
