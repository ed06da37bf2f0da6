// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20TransferAuthorization} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20TransferAuthorization.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";

/// @title ClassCoin (CC)
/// @notice The classroom token: a plain ERC-20 with 18 decimals. The owner (the class treasury)
/// receives the initial supply and can mint the same amount to many students in one transaction.
/// Holders can move tokens without paying gas (EIP-3009, `transferWithAuthorization` with a bytes
/// signature): they sign typed data (EIP-712 domain "ClassCoin", version "1") and anyone, in practice the
/// class server's treasury, submits it.
contract ClassCoin is ERC20, ERC20TransferAuthorization, Ownable {
    constructor(address initialOwner, uint256 initialSupply)
        ERC20("ClassCoin", "CC")
        EIP712("ClassCoin", "1")
        Ownable(initialOwner)
    {
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
