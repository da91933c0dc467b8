hiera_include('nokey')
