require 'puppet'
require 'puppet/util'
require 'puppet_x/m/helper'
require_relative '../../../puppet_x/m/helper'
require 'json'
require 'digest/sha1'

Puppet::Functions.create_function(:'m::wrapped') do
  def wrapped(s)
    [PuppetX::M::Helper.wrap(s), JSON.generate({ 'k' => s }), Digest::SHA1.hexdigest(s)]
  end
end
