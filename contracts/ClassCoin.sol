// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title ClassCoin (CC)
/// @notice The classroom token: a plain ERC-20 with 18 decimals. The owner (the class treasury)
/// receives the initial supply and can mint the same amount to many students in one transaction.
contract ClassCoin is ERC20, Ownable {
    constructor(address initialOwner, uint256 initialSupply) ERC20("ClassCoin", "CC") Ownable(initialOwner) {
        _mint(initialOwner, initialSupply);
    }

    /// @notice Mints `amount` (in base units) to every address in `to`.
    /// @dev Used by the admin panel's "Deploy ClassCoin"; each mint emits Transfer(0x0, to[i], amount).
    function mintBatch(address[] calldata to, uint256 amount) external onlyOwner {
        uint256 length = to.length;
        for (uint256 i = 0; i < length; ++i) {
            _mint(to[i], amount);
        }
    }
}
